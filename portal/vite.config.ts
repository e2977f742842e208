import { lingui } from '@lingui/vite-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const server = process.env.TIDEWATCH_SERVER ?? 'http://localhost:3000';

export default defineConfig(({ command }) => ({
  // Built assets live under /app/ on the server; the routes themselves are /user, /customer, /admin.
  base: command === 'build' ? '/app/' : '/',
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: 'src/routes',
      generatedRouteTree: 'src/route-tree.gen.ts',
    }),
    react(),
    // Lingui 6 compiles its macros natively, without a Babel pass.
    lingui({ configPath: '../lingui.config.ts', macroTransform: true }),
    vanillaExtractPlugin(),
  ],
  resolve: {
    // Written against React's API, rendered by Preact's compatibility layer: a tenth of React
    // DOM's weight in the first screen's JavaScript (decision 0040).
    alias: [
      { find: /^react$/, replacement: 'preact/compat' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^use-sync-external-store\/shim$/, replacement: 'preact/compat' },
    ],
    // Libraries and workspace packages import it from where they lie, as they did React.
    dedupe: ['preact'],
  },
  server: {
    port: 5173,
    // In development the API and the site's pages (sign-in) come from the running server.
    proxy: { '/api': server, '/login': server, '/healthz': server },
  },
  build: { outDir: 'dist', sourcemap: process.env.PORTAL_SOURCEMAP === '1' },
}));
