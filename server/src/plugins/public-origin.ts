import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The stand-in origin the site is built with (site/astro.config.mjs). */
export const BUILD_ORIGIN = 'https://public-url.invalid';
/** Files whose text may carry absolute addresses: pages, sitemaps, robots.txt, feeds, manifests. */
const TEXT_FILE = /\.(html|xml|txt|rss|json|webmanifest)$/;

export interface SiteForOrigin {
  dir: string;
  /** Deletes the copy, if one was made. */
  remove(): void;
}

/**
 * The built site with `publicUrl` in place of the build's stand-in origin, so one build (or image)
 * serves any address. Written once at start into a temporary folder and served from there, so
 * lengths, ETags, compression and the inline scripts' CSP hashes all describe what is sent.
 * A site built without the stand-in, or not built at all, is served where it is.
 */
export function siteForOrigin(siteDir: string, publicUrl: string): SiteForOrigin {
  const files = fs.existsSync(siteDir)
    ? fs.readdirSync(siteDir, { recursive: true, encoding: 'utf8' }).filter((file) => TEXT_FILE.test(file))
    : [];
  const rewritten = new Map<string, string>();
  for (const file of files) {
    const text = fs.readFileSync(path.join(siteDir, file), 'utf8');
    if (text.includes(BUILD_ORIGIN)) rewritten.set(file, text.replaceAll(BUILD_ORIGIN, publicUrl));
  }
  if (rewritten.size === 0) return { dir: siteDir, remove: () => {} };

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tidewatch-site-'));
  fs.cpSync(siteDir, dir, { recursive: true });
  for (const [file, text] of rewritten) fs.writeFileSync(path.join(dir, file), text);
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
