import { cpSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig } from 'tsup';
import { BUNDLED_FONTS, FONT_FILES } from '../content/pdf-fonts';
import { BUNDLED_CATALOGS, SERVER_CATALOG } from '../packages/i18n/src/server-catalog';

export default defineConfig({
  entry: ['src/server.ts', 'src/migrate.ts', 'src/db-transfer.ts'],
  format: 'esm',
  platform: 'node',
  target: 'node24',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  // Our workspace packages ship TypeScript source: bundle them; npm packages stay external.
  noExternal: [/^@tidewatch\//],
  // Their own npm dependencies (yaml) get bundled too, and CommonJS among them requires Node's built-ins.
  // The import is renamed so that bundled modules importing createRequire themselves do not clash.
  banner: {
    js: "import { createRequire as createRequireForBundle } from 'node:module'; const require = createRequireForBundle(import.meta.url);",
  },
  async onSuccess() {
    cpSync('src/db/migrations', 'dist/migrations', { recursive: true });
    // The PDFs' fonts go beside the bundle, where content/pdf-fonts.ts looks first: the image then
    // carries these files rather than the font packages with every weight.
    const require = createRequire(import.meta.url);
    for (const file of Object.values(FONT_FILES)) {
      cpSync(require.resolve(file), path.join('dist', BUNDLED_FONTS, path.basename(file)));
    }
    // The mails' and invoices' words go beside the bundle too, where the server catalog looks first.
    for (const locale of ['en', 'da']) {
      const file = path.join(locale, `${SERVER_CATALOG}.po`);
      cpSync(path.join('../packages/i18n/locales', file), path.join('dist', BUNDLED_CATALOGS, file));
    }
  },
});
