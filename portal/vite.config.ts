import { fileURLToPath } from 'node:url';
import { lingui } from '@lingui/vite-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * The route search schemas' zod/mini gets a copy of zod of its own, marked by this query: a module's
 * code lands in one chunk with every part any chunk uses, so sharing zod's core with the lazy forms'
 * classic zod put most of that core in the first screen (decision 0078).
 */
const SEARCH_ZOD = '?search-params';
const portalSource = fileURLToPath(new URL('./src/', import.meta.url));

function searchParamsZodApart(): Plugin {
  return {
    name: 'tidewatch:search-params-zod-apart',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      const fromPortal = source === 'zod/mini' && importer?.startsWith(portalSource);
      if (!fromPortal && !importer?.endsWith(SEARCH_ZOD)) return null;
      const resolved = await this.resolve(source, importer?.replace(SEARCH_ZOD, ''), {
        ...options,
        skipSelf: true,
      });
      return resolved && !resolved.external ? { ...resolved, id: `${resolved.id}${SEARCH_ZOD}` } : resolved;
    },
  };
}

const server = process.env.TIDEWATCH_SERVER ?? 'http://localhost:3000';

export default defineConfig(({ command }) => ({
  // Built assets live under /app/ on the server; the routes themselves are /user, /customer, /admin.
  base: command === 'build' ? '/app/' : '/',
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // Each route's loader is a small chunk of its own, fetched beside its component's, so the
      // first screen does not carry every page's query code (decision 0086).
      codeSplittingOptions: {
        defaultBehavior: [['loader'], ['component'], ['errorComponent'], ['notFoundComponent']],
      },
      routesDirectory: 'src/routes',
      generatedRouteTree: 'src/route-tree.gen.ts',
    }),
    react(),
    // Lingui 6 compiles its macros natively, without a Babel pass.
    lingui({ configPath: '../lingui.config.ts', macroTransform: true }),
    vanillaExtractPlugin(),
    searchParamsZodApart(),
  ],
  resolve: {
    // React 19 has useSyncExternalStore: Lingui and the router's store get the package's own entries
    // for it (React's hook), not the shim that rebuilds it for React 17.
    alias: [
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?(\/with-selector(\.js)?)?$/,
        replacement: 'use-sync-external-store$2',
      },
    ],
  },
  server: {
    port: 5173,
    // In development the API and the site's pages (sign-in) come from the running server.
    proxy: { '/api': server, '/login': server, '/healthz': server },
  },
  build: {
    outDir: 'dist',
    sourcemap: process.env.PORTAL_SOURCEMAP === '1',
    // Browsers without modulepreload (Safari before 17, Firefox before 115) fetch a lazy page's chunks as
    // it imports them rather than ahead; the polyfill for them weighed 0.2 kB of the first screen.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Everything the first screen imports in one file, rather than in two dozen shared chunks that
        // each compress on their own (decision 0078); lazy routes still split as before.
        codeSplitting: { groups: [{ name: 'initial', tags: ['$initial'] }] },
      },
    },
  },
}));
