import { cpSync } from 'node:fs';
import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/server.ts', 'src/migrate.ts', 'src/db-transfer.ts'],
  format: 'esm',
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  // Our workspace packages ship TypeScript source: bundle them; npm packages stay external.
  noExternal: [/^@tidewatch\//],
  // Their own npm dependencies (yaml) get bundled too, and CommonJS among them requires Node's built-ins.
  banner: {
    js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
  },
  async onSuccess() {
    cpSync('src/db/migrations', 'dist/migrations', { recursive: true });
  },
});
