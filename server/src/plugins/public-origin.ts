import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { glyphHex } from '@tidewatch/content/pdf-writer';
import { decodePDFRawStream, PDFDocument, PDFRawStream, PDFRef } from 'pdf-lib';

/**
 * The stand-in origin the site is built with (site/astro.config.mjs). Longer than most real
 * origins: the PDFs wrap their text around it, so a shorter address only shortens a line.
 */
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
const PDF_FILE = /\.pdf$/;

export interface SiteForOrigin {
  dir: string;
  /** Deletes the copy, if one was made. */
  remove(): void;
}

/** `hex` (glyph ids, four digits each) with the glyphs of `from` replaced by those of `to`. */
function replaceGlyphs(hex: string, from: string, to: string): string {
  let replaced = '';
  for (let index = 0; index < hex.length; ) {
    if (hex.startsWith(from, index)) {
      replaced += to;
      index += from.length;
    } else {
      replaced += hex.slice(index, index + 4);
      index += 4;
    }
  }
  return replaced;
}

/** The PDF with `publicUrl` in place of the stand-in in its page text, or undefined when it has none. */
async function pdfForOrigin(bytes: Uint8Array, publicUrl: string): Promise<Uint8Array | undefined> {
  const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
  // The site's PDFs print addresses in the regular face embedded whole, as its glyph ids.
  const [from, to] = [glyphHex(BUILD_ORIGIN), glyphHex(publicUrl)];
  let changed = false;
  for (const page of pdf.getPages()) {
    for (const ref of page.node.normalizedEntries().Contents?.asArray() ?? []) {
      const stream = ref instanceof PDFRef ? pdf.context.lookup(ref) : undefined;
      if (!(stream instanceof PDFRawStream)) continue;
      const text = Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
      const replaced = text.replace(
        /<([0-9A-F]+)>/g,
        (_string, hex: string) => `<${replaceGlyphs(hex, from, to)}>`,
      );
      if (replaced === text) continue;
      pdf.context.assign(ref as PDFRef, pdf.context.flateStream(Buffer.from(replaced, 'latin1')));
      changed = true;
    }
  }
  return changed ? pdf.save({ useObjectStreams: false }) : undefined;
}

/** A text file with the run-time addresses in place of the stand-ins. */
const textForAddresses = (text: string, { publicUrl, statusUrl }: SiteAddresses) =>
  (statusUrl === undefined
    ? text.replace(STATUS_LINK_ITEM, '')
    : text.replaceAll(BUILD_STATUS_URL, statusUrl)
  ).replaceAll(BUILD_ORIGIN, publicUrl);

/** What `file` becomes under the run-time addresses, or undefined when it stays as built. */
async function rewrite(file: string, addresses: SiteAddresses): Promise<string | Uint8Array | undefined> {
  const { publicUrl } = addresses;
  if (TEXT_FILE.test(file)) {
    const text = await fs.promises.readFile(file, 'utf8');
    const replaced = textForAddresses(text, addresses);
    return replaced === text ? undefined : replaced;
  }
  if (PDF_FILE.test(file)) return pdfForOrigin(await fs.promises.readFile(file), publicUrl);
  return undefined;
}

/**
 * The built site with the run-time addresses (PUBLIC_URL, STATUS_URL) in place of the build's
 * stand-ins, so one build (or image) serves any address. Written once at start into a temporary folder and served from there, so
 * lengths, ETags, compression and the inline scripts' CSP hashes all describe what is sent.
 * A site built without the stand-in, or not built at all, is served where it is.
 */
export async function siteForOrigin(siteDir: string, addresses: SiteAddresses): Promise<SiteForOrigin> {
  const files = fs.existsSync(siteDir) ? fs.readdirSync(siteDir, { recursive: true, encoding: 'utf8' }) : [];
  const rewritten = new Map<string, string | Uint8Array>();
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
