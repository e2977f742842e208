import mdx from '@astrojs/mdx';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import { lingui } from '@lingui/vite-plugin';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { defineConfig } from 'astro/config';

export default defineConfig({
  site: process.env.PUBLIC_URL ?? 'http://localhost:3000',
  // Pages are files (login.html), served at /login by the API server.
  build: { format: 'file' },
  trailingSlash: 'never',
  i18n: { locales: ['en', 'da'], defaultLocale: 'en', routing: { prefixDefaultLocale: false } },
  integrations: [
    react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } }),
    mdx(),
    sitemap({ i18n: { defaultLocale: 'en', locales: { en: 'en', da: 'da' } } }),
  ],
  vite: {
    plugins: [lingui({ configPath: '../lingui.config.ts' }), vanillaExtractPlugin()],
    // In development the API comes from the running server.
    server: { proxy: { '/api': process.env.TIDEWATCH_SERVER ?? 'http://localhost:3000' } },
  },
  server: { port: 4321 },
});
