import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { poEntries, SERVER_CATALOG } from './server-catalog';

/** The portal's and the site's islands' catalog, and the server's (mails, invoice PDFs). */
const CATALOGS = ['messages', SERVER_CATALOG];

/** msgid → msgstr of a catalog, without the header entry. */
const entries = (locale: string, catalog: string) =>
  poEntries(readFileSync(new URL(`../locales/${locale}/${catalog}.po`, import.meta.url), 'utf8'));

describe.each(CATALOGS)('the %s catalogs', (catalog) => {
  const english = entries('en', catalog);

  it('translate every message into Danish', () => {
    const danish = entries('da', catalog);
    expect([...danish.keys()].sort()).toEqual([...english.keys()].sort());
    const untranslated = [...danish].filter(([, translation]) => translation === '').map(([id]) => id);
    expect(untranslated).toEqual([]);
  });
});

describe('the Hindi catalog', () => {
  it('keeps to its two strings', () => {
    const translated = [...entries('hi', 'messages')].filter(([, translation]) => translation !== '');
    expect(translated.map(([id]) => id).sort()).toEqual(['Dashboard', 'Logout']);
  });
});
