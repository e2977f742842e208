import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { downloadPaths } from '@tidewatch/site/downloads';
import type { FastifyInstance } from 'fastify';

/** The stand-in origin the site is built with (site/astro.config.mjs). */
export const BUILD_ORIGIN = 'https://public-url-given-at-run-time.invalid';
/**
 * The stand-in for the status page's address (STATUS_URL), which the site's footer links to. Without
 * a STATUS_URL the link is taken out, list item and all, rather than left pointing nowhere.
 */
export const BUILD_STATUS_URL = 'https://status-url-given-at-run-time.invalid';
const STATUS_LINK_ITEM = new RegExp(
  `<li[^>]*>\\s*<a[^>]*href="${BUILD_STATUS_URL.replaceAll('.', '\\.')}"[^>]*>[^<]*</a>\\s*</li>`,
  'g',
);

/** The run-time addresses a built site is served with. */
export interface SiteAddresses {
  /** PUBLIC_URL, without a trailing slash. */
  publicUrl: string;
  /** STATUS_URL, when there is a status page. */
  statusUrl: string | undefined;
}

/** Files whose text may carry absolute addresses: pages, sitemaps, robots.txt, feeds, manifests. */
const TEXT_FILE = /\.(html|xml|txt|rss|json|webmanifest)$/;

export interface SiteForOrigin {
  dir: string;
  /** Deletes the copy, if one was made. */
  remove(): void;
}

/** A text file with the run-time addresses in place of the stand-ins. */
const textForAddresses = (text: string, { publicUrl, statusUrl }: SiteAddresses) =>
  (statusUrl === undefined
    ? text.replace(STATUS_LINK_ITEM, '')
    : text.replaceAll(BUILD_STATUS_URL, statusUrl)
  ).replaceAll(BUILD_ORIGIN, publicUrl);

/** What `file` becomes under the run-time addresses, or undefined when it stays as built. */
async function rewrite(file: string, addresses: SiteAddresses): Promise<string | undefined> {
  if (!TEXT_FILE.test(file)) return undefined;
  const text = await fs.promises.readFile(file, 'utf8');
  const replaced = textForAddresses(text, addresses);
  return replaced === text ? undefined : replaced;
}

/**
 * The built site with the run-time addresses (PUBLIC_URL, STATUS_URL) in place of the build's
 * stand-ins, so one build (or image) serves any address. Written once at start into a temporary folder and served from there, so
 * lengths, ETags, compression and the inline scripts' CSP hashes all describe what is sent.
 * A site built without the stand-in, or not built at all, is served where it is.
 */
export async function siteForOrigin(siteDir: string, addresses: SiteAddresses): Promise<SiteForOrigin> {
  const files = fs.existsSync(siteDir) ? fs.readdirSync(siteDir, { recursive: true, encoding: 'utf8' }) : [];
  const rewritten = new Map<string, string>();
  for (const file of files) {
    const content = await rewrite(path.join(siteDir, file), addresses);
    if (content !== undefined) rewritten.set(file, content);
  }
  if (rewritten.size === 0) return { dir: siteDir, remove: () => {} };

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tidewatch-site-'));
  fs.cpSync(siteDir, dir, { recursive: true });
  for (const [file, content] of rewritten) fs.writeFileSync(path.join(dir, file), content);
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/**
 * The site's PDFs (site/src/pdf/documents.ts), drawn here with PUBLIC_URL in their links rather
 * than served as built: their text is glyph ids in embedded fonts, which no rewrite can edit. Each
 * is drawn at its first request and kept; these routes come before the built files.
 */
export function registerSiteDownloads(app: FastifyInstance, publicUrl: string) {
  const site = new URL(publicUrl);
  for (const { path: url, draw } of downloadPaths()) {
    let drawn: Promise<Uint8Array> | undefined;
    app.get(url, async (_request, reply) => {
      drawn ??= draw(site);
      // A failed drawing is not kept: the next request tries again.
      const pdf = await drawn.catch((error: unknown) => {
        drawn = undefined;
        throw error;
      });
      return reply.type('application/pdf').header('cache-control', 'no-cache').send(Buffer.from(pdf));
    });
  }
}
