import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { homePage, plans } from '@tidewatch/content';
import { describe, expect, it } from 'vitest';

const DATA = fileURLToPath(new URL('../../content/data', import.meta.url));
const BLOG = fileURLToPath(new URL('../../content/blog', import.meta.url));
const CONTENT = fileURLToPath(new URL('../../content', import.meta.url));

/** The Danish pages written as MDX (legal pages and blog posts), each as its text. */
function danishPages(): [string, string][] {
  return fs
    .readdirSync(CONTENT, { recursive: true, encoding: 'utf8' })
    .filter((file) => /(^|\/)da\/.+\.mdx$|\.da\.mdx$/.test(file))
    .map((file) => [file, fs.readFileSync(path.join(CONTENT, file), 'utf8')]);
}

/** Every string of the content data under a language's key, with where it is. */
function textsIn(language: 'en' | 'da'): [string, string][] {
  const texts: [string, string][] = [];
  const walk = (value: unknown, where: string, inLanguage: boolean) => {
    if (typeof value === 'string') {
      if (inLanguage) texts.push([where, value]);
    } else if (Array.isArray(value))
      for (const [index, item] of value.entries()) walk(item, `${where}[${index}]`, inLanguage);
    else if (value && typeof value === 'object') {
      for (const [key, item] of Object.entries(value))
        walk(item, `${where}.${key}`, inLanguage || key === language);
    }
  };
  for (const file of fs
    .readdirSync(DATA, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.json'))) {
    walk(JSON.parse(fs.readFileSync(path.join(DATA, file), 'utf8')), file, false);
  }
  return texts;
}

describe('content wording', () => {
  it('gives every customer a technical account manager, on every plan and every page', () => {
    const basic = plans.plans.find((plan) => plan.id === 'basic');
    expect(basic?.text.en.includes.join(' ')).toMatch(/technical account manager/);
    expect(basic?.text.da.includes.join(' ')).toMatch(/teknisk kundeansvarlig/);
    for (const language of ['en', 'da'] as const) {
      for (const [where, text] of textsIn(language)) {
        if (/account manager|kundeansvarlig/i.test(text)) expect(text, where).not.toMatch(/Gold|Platinum/);
      }
    }
  });

  it('writes Danish with the catalogue terms: klynge, not cluster; pr., not per', () => {
    const pages = danishPages();
    expect(pages.map(([file]) => file)).toEqual(
      expect.arrayContaining(['legal/terms.da.mdx', 'blog/da/patch-linux-i-et-servicevindue.mdx']),
    );
    for (const [where, text] of [...textsIn('da'), ...pages]) {
      expect(text, where).not.toMatch(/cluster/i);
      expect(text, where).not.toMatch(/\bper\b/i);
    }
  });

  it('quotes no customer under the name of one of our own blog authors', () => {
    const authors = fs
      .readdirSync(BLOG, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.mdx'))
      .map((file) =>
        fs
          .readFileSync(path.join(BLOG, file), 'utf8')
          .match(/^author: (.+)$/m)?.[1]
          ?.trim(),
      );
    expect(authors.length).toBeGreaterThan(0);
    for (const language of ['en', 'da'] as const) {
      for (const quote of homePage[language].feedback.quotes) expect(authors).not.toContain(quote.name);
    }
  });
});
