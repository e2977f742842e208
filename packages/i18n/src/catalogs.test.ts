import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** msgid → msgstr of a catalog, without the header entry. */
function entries(locale: string): Map<string, string> {
  const text = readFileSync(new URL(`../locales/${locale}/messages.po`, import.meta.url), 'utf8');
  const pairs = [...text.matchAll(/^msgid "((?:[^"\\]|\\.)*)"\nmsgstr "((?:[^"\\]|\\.)*)"/gm)];
  return new Map(
    pairs.filter(([, id]) => id !== '').map(([, id, translation]) => [id ?? '', translation ?? '']),
  );
}

describe('the catalogs', () => {
  const english = entries('en');

  it('translate every message into Danish', () => {
    const danish = entries('da');
    expect([...danish.keys()].sort()).toEqual([...english.keys()].sort());
    const untranslated = [...danish].filter(([, translation]) => translation === '').map(([id]) => id);
    expect(untranslated).toEqual([]);
  });

  it('keep the Hindi set to its two strings', () => {
    const translated = [...entries('hi')].filter(([, translation]) => translation !== '');
    expect(translated.map(([id]) => id).sort()).toEqual(['Dashboard', 'Logout']);
  });
});
