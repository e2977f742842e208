import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The catalog of the words the server writes itself (mails, invoice PDFs); the portal never loads it. */
export const SERVER_CATALOG = 'server';
/** The folder beside a bundle that holds copies of the server catalogs (the server's build puts them there). */
export const BUNDLED_CATALOGS = 'locales';

/** msgid → msgstr of a catalog as `lingui extract` writes it, one line each, without the header entry. */
export function poEntries(text: string): Map<string, string> {
  const unescaped = (quoted: string) =>
    quoted.replace(/\\(.)/g, (_, char: string) => (char === 'n' ? '\n' : char === 't' ? '\t' : char));
  return new Map(
    [...text.matchAll(/^msgid "((?:[^"\\]|\\.)*)"\nmsgstr "((?:[^"\\]|\\.)*)"/gm)]
      .filter(([, id]) => id !== '')
      .map(([, id = '', translation = '']) => [unescaped(id), unescaped(translation)]),
  );
}

const here = path.dirname(fileURLToPath(import.meta.url));
const cache = new Map<string, Map<string, string>>();

/** A locale's server catalog, read once: the bundle's copy when there is one, or else the package's. */
export function serverCatalog(locale: string): Map<string, string> {
  const cached = cache.get(locale);
  if (cached) return cached;
  const file = `${SERVER_CATALOG}.po`;
  const bundled = path.join(here, BUNDLED_CATALOGS, locale, file);
  const source = fs.existsSync(bundled) ? bundled : path.join(here, '..', 'locales', locale, file);
  const entries = poEntries(fs.readFileSync(source, 'utf8'));
  cache.set(locale, entries);
  return entries;
}
