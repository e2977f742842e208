import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';

/**
 * Brings the configured database's schema up to date and exits: each Kubernetes pod's init
 * container, run before its server starts with MIGRATE_ON_START=false.
 */
async function main() {
  // Only the database settings matter here, not what serving in production asks for (secret, mail).
  const config = loadConfig({ ...process.env, APP_MODE: 'demo', MAIL_TRANSPORT: 'log' });
  const database = await openDatabase(config);
  try {
    await database.migrate();
    process.stdout.write('The database schema is up to date\n');
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  throw error;
});
