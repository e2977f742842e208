import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'site/src/**/*.test.ts'],
          // Pure functions: files share their worker's modules rather than import them anew.
          isolate: false,
        },
      },
      {
        // The portal's own Vite config, so Lingui macros and styles compile in tests as in the build
        // and React's names resolve to Preact's compatibility layer as they do there.
        extends: './portal/vite.config.ts',
        root: './portal',
        // Libraries' browser builds, as bundled: lucide-react's Node build is CommonJS and would load React itself.
        resolve: { conditions: ['module', 'browser'] },
        test: {
          name: 'portal',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          // Libraries pass through the aliases too, so every component renders with Preact.
          server: { deps: { inline: true } },
          deps: {
            optimizer: {
              client: {
                enabled: true,
                // CommonJS cannot be inlined, so TanStack Router's store selector is pre-bundled with
                // the aliases applied, and Preact with it so that everything shares one copy.
                include: [
                  'preact',
                  'preact/hooks',
                  'preact/compat',
                  'preact/compat/client',
                  'preact/jsx-runtime',
                  'preact/jsx-dev-runtime',
                  'preact/test-utils',
                  '@tanstack/react-router > @tanstack/react-store > use-sync-external-store/shim/with-selector',
                ],
              },
            },
          },
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
