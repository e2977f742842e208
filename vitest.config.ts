import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'site/src/**/*.test.ts', 'tools/**/*.test.ts'],
          // Pure functions: files share their worker's modules rather than import them anew.
          isolate: false,
        },
      },
      {
        // The portal's own Vite config, so Lingui macros and styles compile in tests as in the build.
        extends: './portal/vite.config.ts',
        root: './portal',
        test: {
          name: 'portal',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
        },
      },
      {
        test: {
          name: 'server',
          include: ['server/test/**/*.test.ts'],
          // Each file opens its own database (PGlite takes ~3 s and ~750 MB): two at a time on two cores.
          maxWorkers: 2,
          isolate: false,
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
