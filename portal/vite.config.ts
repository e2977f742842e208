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
  server: {
    port: 5173,
    // In development the API and the site's pages (sign-in) come from the running server.
    proxy: { '/api': server, '/login': server, '/healthz': server },
  },
  build: {
    outDir: 'dist',
    sourcemap: process.env.PORTAL_SOURCEMAP === '1',
    rolldownOptions: {
      output: {
        // Everything the first screen imports in one file, rather than in two dozen shared chunks that
        // each compress on their own (decision 0078); lazy routes still split as before.
        codeSplitting: { groups: [{ name: 'initial', tags: ['$initial'] }] },
      },
    },
  },
}));
