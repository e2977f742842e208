import { startServer } from './server';

/** One server for the whole run, on a fresh data directory and a free port. */
export default async function globalSetup() {
  const server = await startServer();
  process.env.TIDEWATCH_E2E_URL = server.url;
  return async () => {
    const code = await server.stop();
    if (code !== 0) throw new Error(`The server stopped with ${code}:\n${server.output()}`);
  };
}
