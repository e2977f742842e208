import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

/** One set of catalogs for the portal and the site's islands, in packages/i18n. */
export default defineConfig({
  sourceLocale: 'en',
  // Lingui 6 takes its catalog format as an installed formatter rather than a name.
  format: formatter(),
  locales: ['en', 'da', 'hi'],
  // Hindi holds only two strings; everything else falls back to English.
  fallbackLocales: { hi: 'en', default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/packages/i18n/locales/{locale}/messages',
      // The contract's validation messages are marked for the catalog where they are written.
      include: [
        '<rootDir>/portal/src',
        '<rootDir>/site/src/islands',
        '<rootDir>/packages/ui/src',
        '<rootDir>/packages/contract/src',
      ],
      exclude: ['**/node_modules/**', '**/*.gen.ts'],
    },
  ],
});
