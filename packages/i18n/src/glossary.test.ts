import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import glossary from '../locales/da/glossary.json';
import { poEntries, SERVER_CATALOG } from './server-catalog';

/** The case names of a `{kind, select, cluster {…} other {…}}` message: the data's words, not Danish. */
const SELECT_KEYS = /(?<=(?:select|plural), |\} )=?\w+ (?=\{)/g;

/** Every Danish msgstr of the catalogs (the portal's and the server's), with the English it translates. */
const catalog = ['messages', SERVER_CATALOG].flatMap((name) =>
  [...poEntries(readFileSync(new URL(`../locales/da/${name}.po`, import.meta.url), 'utf8'))]
    .filter(([, danish]) => danish !== '')
    .map(([english, danish]) => ({ english, danish: danish.replace(SELECT_KEYS, '') })),
);

describe('the Danish glossary', () => {
  it.each(glossary.terms)('names $en one way in the whole catalog: $da', ({ avoid }) => {
    const variants = new RegExp(`(?<![\\p{L}])(${avoid.join('|')})`, 'iu');
    const offending = catalog.filter(({ danish }) => variants.test(danish)).map(({ danish }) => danish);
    expect(offending).toEqual([]);
  });

  it('holds only variants that are not the words to use', () => {
    for (const { da, avoid } of glossary.terms) {
      for (const word of da.split(', '))
        expect(new RegExp(`^(${avoid.join('|')})$`, 'iu').test(word)).toBe(false);
    }
  });
});
