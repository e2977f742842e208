import fs from 'node:fs';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { DataDirLockedError } from './db/lock';
import { exportDatabase, importDatabase, TransferError } from './db/transfer';

/**
 * `pnpm db:export FILE` writes the configured database (the embedded one in DATA_DIR, or
 * DATABASE_URL's) to FILE; `pnpm db:import FILE` migrates the configured database and loads FILE
 * into it. Together they move an installation from PGlite to PostgreSQL (docs/operations.md).
 */
const USAGE = 'Usage: db-transfer export|import FILE';

async function main(): Promise<number> {
  const [command, file] = process.argv.slice(2);
  if ((command !== 'export' && command !== 'import') || !file) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  // Only the database settings matter here, not what serving in production asks for (secret, mail);
  // a whole table moves in one statement, which no request's statement timeout should end.
  const config = loadConfig({
    ...process.env,
    APP_MODE: 'demo',
    MAIL_TRANSPORT: 'log',
    DATABASE_STATEMENT_TIMEOUT_MS: '0',
  });
  const target = path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
  const database = await openDatabase(config);
  try {
    let counts: Record<string, number>;
    if (command === 'export') {
      // Opened here, synchronously, so an existing file is refused before anything is written.
      const out = fs.createWriteStream('', { fd: fs.openSync(target, 'wx', 0o600) });
      try {
        counts = await exportDatabase(database.db, out);
      } catch (error) {
        // A half-written export must not pass for a whole one.
        out.destroy();
        fs.rmSync(target, { force: true });
        throw error;
      }
      out.end();
      await finished(out);
    } else {
      await database.migrate();
      counts = await importDatabase(database.db, target);
    }
    const rows = Object.values(counts).reduce((sum, count) => sum + count, 0);
    const where = config.databaseUrl
      ? 'PostgreSQL (DATABASE_URL)'
      : `the embedded database in ${config.dataDir}`;
    process.stdout.write(
      `${command === 'export' ? 'Exported' : 'Imported'} ${rows} rows of ${Object.keys(counts).length} tables ${command === 'export' ? `from ${where} to` : `into ${where} from`} ${target}\n`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    const known = [ConfigError, DataDirLockedError, TransferError].some((kind) => error instanceof kind);
    const exists = (error as { code?: string }).code === 'EEXIST';
    if (known || exists) {
      process.stderr.write(
        `${exists ? `${(error as Error).message}: will not overwrite it` : (error as Error).message}\n`,
      );
      process.exit(1);
    }
    throw error;
  },
);
