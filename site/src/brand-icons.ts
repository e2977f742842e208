import fs from 'node:fs';
import { createRequire } from 'node:module';
import { brandIcons } from '@tidewatch/content';

interface IconEntry {
  slug: string;
  title: string;
  license?: { type: string };
}

const require = createRequire(import.meta.url);
const iconFile = (slug: string) => require.resolve(`simple-icons/icons/${slug}.svg`);

/**
 * The logos the site uses as one SVG sprite, read from the simple-icons package at build time. An
 * unknown slug, or an icon the package lists under a licence of its own (CC BY-SA, Apache, BSD: they
 * ask for attribution), fails the build, so only icons it offers under CC0 get in.
 */
export function brandSprite(): string {
  const catalogue = new Map(
    (JSON.parse(fs.readFileSync(require.resolve('simple-icons/icons.json'), 'utf8')) as IconEntry[]).map(
      (entry) => [entry.slug, entry],
    ),
  );
  const symbols = [...new Set(Object.values(brandIcons))].sort().map((slug) => {
    const entry = catalogue.get(slug);
    if (!entry) throw new Error(`simple-icons has no icon "${slug}"`);
    if (entry.license) throw new Error(`The ${entry.title} icon is under ${entry.license.type}, not CC0`);
    const path = /<path d="([^"]+)"/.exec(fs.readFileSync(iconFile(slug), 'utf8'))?.[1];
    if (!path) throw new Error(`The ${entry.title} icon has no single path`);
    return `<symbol id="${slug}" viewBox="0 0 24 24"><path d="${path}"/></symbol>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join('')}</svg>\n`;
}
