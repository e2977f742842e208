/**
 * The Nu HTML Checker over the built site and the portal's page, on every `pnpm test` after the build:
 * every built site page (all the sitemap lists, in both languages, and the noindex and 404 pages) and
 * portal/dist/index.html, in one run of the checker. Exits 1 on any error, or when a page the sitemap
 * lists was not built. Needs Java (the machines have it) and a build.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const root = path.resolve(import.meta.dirname, '../..');
const siteDir = path.join(root, 'site/dist');
const portalPage = path.join(root, 'portal/dist/index.html');
const checker = path.join(root, 'node_modules/vnu-jar/build/dist/vnu.jar');

/**
 * The checker's CSS grammar predates container queries: it calls `container-type` unknown and the
 * range form `(width >= 40rem)` an unknown dimension. Both are CSS every browser we support reads.
 */
const OUTDATED_CSS_GRAMMAR = [
  String.raw`CSS: “container-type”: Property “container-type” doesn't exist\.`,
  String.raw`CSS: “width”: Unknown dimension\.`,
];

interface Message {
  type: string;
  url?: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

/** The built file a sitemap address is served from: `/` is index.html, `/da/pricing` is da/pricing.html. */
function builtFile(address: string): string {
  const pathname = new URL(address).pathname;
  return path.join(siteDir, pathname === '/' ? 'index.html' : `${pathname}.html`);
}

function sitemapAddresses(): string[] {
  const sitemaps = fs.readdirSync(siteDir).filter((file) => /^sitemap-\d+\.xml$/.test(file));
  return sitemaps.flatMap((file) =>
    [...fs.readFileSync(path.join(siteDir, file), 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g)].map(
      (match) => match[1] ?? '',
    ),
  );
}

for (const needed of [siteDir, portalPage]) {
  if (!fs.existsSync(needed)) {
    console.error(`${path.relative(root, needed)} is missing: build first (pnpm build).`);
    process.exit(1);
  }
}
const sitePages = fs
  .readdirSync(siteDir, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.html'))
  .map((file) => path.join(siteDir, file));
const addresses = sitemapAddresses();
const unbuilt = addresses.filter((address) => !sitePages.includes(builtFile(address)));
if (addresses.length === 0 || unbuilt.length > 0) {
  console.error(`The sitemap lists pages that were not built: ${unbuilt.join(', ') || 'it lists none'}`);
  process.exit(1);
}

const pages = [...sitePages, portalPage];
const { stderr } = await promisify(execFile)(
  process.env.JAVA ?? 'java',
  [
    '-jar',
    checker,
    '--errors-only',
    '--no-langdetect',
    '--format',
    'json',
    '--filterpattern',
    OUTDATED_CSS_GRAMMAR.join('|'),
    ...pages,
  ],
  { maxBuffer: 64 * 1024 * 1024 },
).catch((error: { code?: number | string; stderr?: string }) => {
  // The checker exits 1 when it reports errors; its JSON is on stderr either way.
  if (error.code === 1 && error.stderr) return { stderr: error.stderr };
  if (error.code === 'ENOENT') {
    console.error(
      'The HTML check needs Java: install it (apt-get install default-jre-headless) or set JAVA.',
    );
    process.exit(1);
  }
  throw error;
});
const errors = (JSON.parse(stderr) as { messages: Message[] }).messages;
for (const error of errors) {
  const file = error.url ? path.relative(root, new URL(error.url).pathname) : '(checker)';
  console.error(`${file}:${error.lastLine ?? '?'}: ${error.message}\n    ${error.extract ?? ''}`);
}
process.stdout.write(`Nu HTML Checker: ${pages.length} pages, ${errors.length} errors\n`);
if (errors.length > 0) process.exit(1);
