/**
 * Each Playwright worker has its own server, database and mail directory, started by the global
 * setup; a worker finds its own by its parallel index, which a restarted worker keeps.
 */
export const urlVariable = (slot: number | string) => `TIDEWATCH_E2E_URL_${slot}`;
export const mailDirVariable = (slot: number | string) => `TIDEWATCH_E2E_MAIL_DIR_${slot}`;

/** Where this worker's SMTP capture writes each mail (its server's address is the config's baseURL). */
export function mailDir(): string {
  const name = mailDirVariable(process.env.TEST_PARALLEL_INDEX ?? 0);
  const dir = process.env[name];
  if (!dir) throw new Error(`${name} is not set: run the end-to-end tests through their Playwright config`);
  return dir;
}
