import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer } from './server';
import { startSmtpCapture } from './smtp-capture';

/**
 * One server for the whole run, on a fresh data directory and a free port, sending its mail to
 * a real SMTP server here that writes each message to a directory the tests read.
 */
export default async function globalSetup() {
  const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tidewatch-mail-'));
  const smtp = await startSmtpCapture({ dir: mailDir });
  const server = await startServer({ env: { SMTP_URL: smtp.url } });
  process.env.TIDEWATCH_E2E_URL = server.url;
  process.env.TIDEWATCH_E2E_MAIL_DIR = mailDir;
  return async () => {
    const code = await server.stop();
    await smtp.close();
    if (code !== 0) throw new Error(`The server stopped with ${code}:\n${server.output()}`);
  };
}
