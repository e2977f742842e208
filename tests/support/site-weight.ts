import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { REPO_ROOT } from './server';

export const SITE_DIST = path.join(REPO_ROOT, 'site/dist');

/** What a built page makes the browser fetch and run: gzip bytes of JavaScript, all and per island. */
export interface PageWeight {
  /** The page's address (`/login`, `/da/login`). */
  page: string;
  /** Gzip bytes of every script the page loads: inline ones and each module with its static imports. */
  js: number;
  /** Gzip bytes per island component (its module and the chunks only it adds), by component name. */
  islands: Record<string, number>;
  /** The script files the page loads. */
  files: string[];
}

const gzipSize = (text: string) => gzipSync(text, { level: 9 }).length;

/**
 * A module's own static imports (`import … from "./x.js"`, `import "./y.js"`, and re-exports
 * `export … from "./z.js"`), not its lazy `import()`s.
 */
function staticImports(file: string): string[] {
  const code = fs.readFileSync(file, 'utf8');
  const specifiers = [
    ...code.matchAll(/(?:^|[;}\s])(?:import|export)\s*(?:[\w${},*\s]+from\s*)?["']([^"']+)["']/g),
  ];
  return specifiers.map((match) => path.resolve(path.dirname(file), match[1] ?? ''));
}

/** A module and everything it imports statically, as files. */
function moduleGraph(entry: string, seen = new Set<string>()): Set<string> {
  if (seen.has(entry)) return seen;
  seen.add(entry);
  for (const imported of staticImports(entry)) moduleGraph(imported, seen);
  return seen;
}

const fileOf = (url: string) => path.join(SITE_DIST, decodeURI(url.split('?')[0] ?? ''));
const sum = (files: Iterable<string>) =>
  [...files].reduce((total, file) => total + gzipSize(fs.readFileSync(file, 'utf8')), 0);

/** The weight of one built page, from its HTML file under site/dist. */
export function pageWeight(htmlFile: string): PageWeight {
  const html = fs.readFileSync(htmlFile, 'utf8');
  const relative = path.relative(SITE_DIST, htmlFile).replace(/\.html$/, '');
  const page = `/${relative.replace(/(^|\/)index$/, '')}`;
  const inline = [
    ...html.matchAll(
      /<script(?![^>]*\bsrc=)(?![^>]*type="application\/ld\+json")[^>]*>([\s\S]*?)<\/script>/g,
    ),
  ]
    .map((match) => match[1] ?? '')
    .filter((code) => code.trim());
  const external = [...html.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)].map((match) => fileOf(match[1] ?? ''));
  const islands = [...html.matchAll(/<astro-island[^>]*>/g)].map((match) => ({
    name: /opts="[^"]*?&quot;name&quot;:&quot;([^&]+)&quot;/.exec(match[0])?.[1] ?? 'island',
    component: fileOf(/component-url="([^"]+)"/.exec(match[0])?.[1] ?? ''),
    renderer: fileOf(/renderer-url="([^"]+)"/.exec(match[0])?.[1] ?? ''),
  }));
  const shared = new Set<string>();
  for (const file of external) moduleGraph(file, shared);
  for (const island of islands) moduleGraph(island.renderer, shared);
  const all = new Set(shared);
  const islandWeights: Record<string, number> = {};
  for (const island of islands) {
    const own = [...moduleGraph(island.component)].filter((file) => !shared.has(file));
    islandWeights[island.name] = sum(own);
    for (const file of own) all.add(file);
  }
  return {
    page,
    js: inline.reduce((total, code) => total + gzipSize(code), 0) + sum(all),
    islands: islandWeights,
    files: [...all],
  };
}

/** Every built page of the site, English and Danish, sorted by address. */
export function siteWeights(): PageWeight[] {
  const pages: PageWeight[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.html')) pages.push(pageWeight(full));
    }
  };
  walk(SITE_DIST);
  return pages.sort((a, b) => a.page.localeCompare(b.page));
}
