import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import closeWithGrace from 'close-with-grace';
import { buildApp, loggerOptions } from './app';
import { type Config, ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { DataDirLockedError } from './db/lock';
import { ssoSecretBox } from './modules/sso';
import { webhookSecretBox } from './modules/webhooks';
import { drainBeforeClosing } from './plugins/drain';
import { DEMO_PASSWORD, DEMO_USERS, seedDemo } from './seed/demo';

/** Production takes APP_SECRET; the demo keeps a generated one beside its data. */
function appSecret(config: Config): string {
  if (config.appSecret) return config.appSecret;
  const file = path.join(config.dataDir, 'app-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function printWelcome(config: Config, seeded: boolean) {
  const lines = [
    '',
    `  Tidewatch is running at ${config.publicUrl}`,
    `  Database: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded, in ${config.dataDir}`}`,
  ];
  if (config.mode === 'demo') {
    lines.push(
      seeded ? '  Demo data was created.' : '  Demo data is in place.',
      `  Demo logins (password for all: ${DEMO_PASSWORD}):`,
      ...DEMO_USERS.map(
        (user) =>
          `    ${user.email.padEnd(28)} ${user.customerId.padEnd(13)} ${user.roles.join(', ') || '(no role)'}`,
      ),
    );
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);
}

async function main() {
  let config: Config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase(config);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  if (config.migrateOnStart) await database.migrate();
  const secret = appSecret(config);
  const seeded =
    config.mode === 'demo'
      ? await seedDemo(database.db, new Date(), webhookSecretBox(secret).seal, ssoSecretBox(secret).seal)
      : false;

  const app = await buildApp({
    config,
    db: database.db,
    database,
    secret,
    logger: loggerOptions(config.logLevel),
  });

  // SIGTERM/SIGINT: answer what was sent, stop accepting, finish what is in flight, close the database.
  drainBeforeClosing(app);
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
  });

  await app.listen({ port: config.port, host: config.host });
  printWelcome(config, seeded);
}

await main();
