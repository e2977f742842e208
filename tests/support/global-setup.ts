import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FullConfig } from '@playwright/test';
import { mailDirVariable, urlVariable } from './e2e-server';
import { startServer } from './server';
import { startSmtpCapture } from './smtp-capture';

/** One server for one worker, on a fresh data directory and a free port, mailing a real SMTP server here. */
async function startWorkerServer(slot: number) {
  const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tidewatch-mail-'));
  const smtp = await startSmtpCapture({ dir: mailDir });
  // Webhooks go to receivers the tests start on this machine.
  const server = await startServer({ env: { SMTP_URL: smtp.url, WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true' } });
  process.env[urlVariable(slot)] = server.url;
  process.env[mailDirVariable(slot)] = mailDir;
  return async () => {
    const code = await server.stop();
    await smtp.close();
    if (code !== 0) throw new Error(`Server ${slot} stopped with ${code}:\n${server.output()}`);
  };
}

/** A server per worker, so the workers' files never see each other's data or mail. */
export default async function globalSetup(config: FullConfig) {
  const stops = await Promise.all(
    Array.from({ length: config.workers }, (_, slot) => startWorkerServer(slot)),
  );
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
}
