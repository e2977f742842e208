import { defineConfig } from '@lingui/conf';

/** One set of catalogs for the portal and the site's islands, in packages/i18n. */
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'da', 'hi'],
  // Hindi holds only two strings; everything else falls back to English.
  fallbackLocales: { hi: 'en', default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/packages/i18n/locales/{locale}/messages',
      include: ['<rootDir>/portal/src', '<rootDir>/site/src/islands', '<rootDir>/packages/ui/src'],
      exclude: ['**/node_modules/**', '**/*.gen.ts'],
    },
  ],
});
