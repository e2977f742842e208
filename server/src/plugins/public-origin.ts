import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  BUILD_ORIGIN,
  BUILD_STATUS_URL,
  type Seller,
  SITE_SELLER_PARTS,
  type SiteSellerPart,
} from '@tidewatch/content';
import { glyphHex } from '@tidewatch/content/pdf-writer';
import { escape as escapeHtml } from 'html-escaper';
import { decodePDFRawStream, PDFDocument, PDFRawStream, PDFRef } from 'pdf-lib';

const STATUS_LINK_ITEM = new RegExp(
  `<li[^>]*>\\s*<a[^>]*href="${BUILD_STATUS_URL.replaceAll('.', '\\.')}"[^>]*>[^<]*</a>\\s*</li>`,
  'g',
);

/** A part of the seller the site names (site/src/components/SellerIdentity.astro), built with the example company. */
const SELLER_PART = /(<span\b[^>]*\bdata-seller="([a-z-]+)"[^>]*>)[^<]*(<\/span>)/g;

/** The run-time settings a built site is served with. */
export interface SiteSettings {
  /** PUBLIC_URL, without a trailing slash. */
  publicUrl: string;
  /** STATUS_URL, when there is a status page. */
  statusUrl: string | undefined;
  /** The company that runs the site (SELLER_*), named in its footer and legal pages. */
  seller: Seller;
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

/** A page with the configured seller in the spans that name it. */
const withSeller = (html: string, seller: Seller) =>
  html.replace(SELLER_PART, (span, open: string, part: string, close: string) =>
    part in SITE_SELLER_PARTS
      ? `${open}${escapeHtml(SITE_SELLER_PARTS[part as SiteSellerPart](seller))}${close}`
      : span,
  );

/** A text file with the run-time settings in place of the stand-ins. */
function textForSettings(file: string, text: string, { publicUrl, statusUrl, seller }: SiteSettings) {
  const addressed = (
    statusUrl === undefined
      ? text.replace(STATUS_LINK_ITEM, '')
      : text.replaceAll(BUILD_STATUS_URL, statusUrl)
  ).replaceAll(BUILD_ORIGIN, publicUrl);
  return file.endsWith('.html') ? withSeller(addressed, seller) : addressed;
}

/** What `file` becomes under the run-time settings, or undefined when it stays as built. */
async function rewrite(file: string, settings: SiteSettings): Promise<string | Uint8Array | undefined> {
  const { publicUrl } = settings;
  if (TEXT_FILE.test(file)) {
    const text = await fs.promises.readFile(file, 'utf8');
    const replaced = textForSettings(file, text, settings);
    return replaced === text ? undefined : replaced;
  }
  if (PDF_FILE.test(file)) return pdfForOrigin(await fs.promises.readFile(file), publicUrl);
  return undefined;
}

/**
 * The built site with the run-time settings (PUBLIC_URL, STATUS_URL, the seller) in place of the
 * build's stand-ins, so one build (or image) serves any address. Written once at start into a temporary folder and served from there, so
 * lengths, ETags, compression and the inline scripts' CSP hashes all describe what is sent.
 * A site built without the stand-in, or not built at all, is served where it is.
 */
export async function siteForOrigin(siteDir: string, settings: SiteSettings): Promise<SiteForOrigin> {
  const files = fs.existsSync(siteDir) ? fs.readdirSync(siteDir, { recursive: true, encoding: 'utf8' }) : [];
  const rewritten = new Map<string, string | Uint8Array>();
  for (const file of files) {
    const content = await rewrite(path.join(siteDir, file), settings);
    if (content !== undefined) rewritten.set(file, content);
  }
  if (rewritten.size === 0) return { dir: siteDir, remove: () => {} };

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tidewatch-site-'));
  fs.cpSync(siteDir, dir, { recursive: true });
  for (const [file, content] of rewritten) fs.writeFileSync(path.join(dir, file), content);
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
