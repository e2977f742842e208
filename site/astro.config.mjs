import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import mdx from '@astrojs/mdx';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import { lingui } from '@lingui/vite-plugin';
import { BUILD_ORIGIN } from '@tidewatch/content';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { defineConfig } from 'astro/config';
import { islandCatalogs } from './island-catalogs.mjs';
import { previewCards } from './src/og-images.ts';
import { builtPageFile, hreflangLinks, isTransactional } from './src/seo.ts';

/** Where the build writes the pages (Astro's default `outDir`); the sitemap reads them back. */
const BUILT_PAGES = new URL('./dist/', import.meta.url);

export default defineConfig({
  site: BUILD_ORIGIN,
  // A quick build's images (tools/build/build.ts --quick) are cached apart, so a full build never takes them.
  ...(process.env.SITE_QUICK_IMAGES === '1' && { cacheDir: './node_modules/.astro-quick' }),
  // Pages are files (login.html), served at /login by the API server; their CSS is small enough
  // to inline, which saves a render-blocking request.
  build: { format: 'file', inlineStylesheets: 'always' },
  trailingSlash: 'never',
  // Image device widths 640 to 3840 (spec section 9): the srcset widths of responsive images.
  image: {
    breakpoints: [640, 750, 828, 1080, 1200, 1920, 2048, 3840],
    service: { entrypoint: './src/image-service.ts' },
  },
  i18n: { locales: ['en', 'da'], defaultLocale: 'en', routing: { prefixDefaultLocale: false } },
  integrations: [
    // The islands render and hydrate with React.
    react(),
    // High-contrast code colours, light and dark, so every token passes WCAG AA on its background.
    mdx({
      shikiConfig: { themes: { light: 'github-light-high-contrast', dark: 'github-dark-high-contrast' } },
    }),
    sitemap({
      filter: (page) => !/\/404$/.test(page) && !isTransactional(new URL(page).pathname),
      // Each address's other languages are the ones its page names in its head: a translated blog
      // post's twin has another slug, which pairing addresses by path cannot find (decision 0074).
      serialize: async (item) => {
        const page = await readFile(new URL(builtPageFile(new URL(item.url).pathname), BUILT_PAGES), 'utf8');
        return { ...item, links: hreflangLinks(page) };
      },
    }),
    previewCards({
      cacheDir: fileURLToPath(new URL('./node_modules/.cache/preview-cards', import.meta.url)),
    }),
  ],
  vite: {
    plugins: [
      islandCatalogs(),
      // Lingui 6 compiles its macros (`t`, `<Trans>`) natively, whichever integration renders the islands.
      lingui({ configPath: '../lingui.config.ts', macroTransform: true }),
      vanillaExtractPlugin(),
    ],
    // React 19 has `useSyncExternalStore`; the shim Lingui imports for older Reacts would ship for nothing.
    resolve: {
      alias: {
        'use-sync-external-store/shim': fileURLToPath(
          new URL('./src/islands/sync-external-store.ts', import.meta.url),
        ),
      },
    },
    // In development the API comes from the running server.
    server: { proxy: { '/api': process.env.TIDEWATCH_SERVER ?? 'http://localhost:3000' } },
  },
  server: { port: 4321 },
});
