import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

/**
 * The catalogs, in packages/i18n: one for the portal and the site's islands, and one for the words
 * the server writes itself (mails, invoice PDFs), apart so that the portal does not load them.
 */
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
    {
      path: '<rootDir>/packages/i18n/locales/{locale}/server',
      include: ['<rootDir>/server/src'],
    },
  ],
});
