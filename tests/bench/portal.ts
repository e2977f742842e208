/**
 * The portal's JavaScript weight as a browser first meets it: the entry script and every chunk
 * index.html preloads, gzipped at level 9, plus the largest chunk loaded later. Writes
 * tests/bench/results/portal.json and exits 1 when the initial total passes budgets.json.
 * Run with `pnpm bench:portal` (builds first); `pnpm test` checks the budget after its build.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { REPO_ROOT } from '../support/server';

const dist = path.join(REPO_ROOT, 'portal', 'dist');
const budgets = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'budgets.json'), 'utf8')) as {
  portalInitialJsGzipKb: number;
};

const gzipKb = (file: string) =>
  Math.round(zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length / 102.4) / 10;

const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
// Built asset URLs start with the portal's base, /app/.
const initial = [
  ...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="\/app\/([^"]+\.js)"/g),
]
  .map((match) => match[1])
  .filter((file): file is string => file !== undefined);
if (initial.length === 0) throw new Error('portal/dist/index.html names no script: build the portal first');

const entryChunks = Object.fromEntries(initial.map((file) => [file, gzipKb(file)]));
const initialTotal = Math.round(Object.values(entryChunks).reduce((sum, kb) => sum + kb, 0) * 10) / 10;
const lazy = fs
  .readdirSync(path.join(dist, 'assets'))
  .map((name) => `assets/${name}`)
  .filter((file) => file.endsWith('.js') && !initial.includes(file))
  .map((file) => ({ file, kb: gzipKb(file) }))
  .sort((a, b) => b.kb - a.kb);

const results = {
  entryChunksGzipKb: entryChunks,
  initialJsGzipKb: initialTotal,
  largestLazyChunk: lazy[0] ?? null,
  budgetGzipKb: budgets.portalInitialJsGzipKb,
};
fs.mkdirSync(path.join(import.meta.dirname, 'results'), { recursive: true });
fs.writeFileSync(
  path.join(import.meta.dirname, 'results', 'portal.json'),
  `${JSON.stringify(results, null, 2)}\n`,
);

for (const [file, kb] of Object.entries(entryChunks)) console.log(`${String(kb).padStart(7)} kB  ${file}`);
console.log(
  `${String(initialTotal).padStart(7)} kB  initial JS (budget ${budgets.portalInitialJsGzipKb} kB)`,
);
if (lazy[0]) console.log(`${String(lazy[0].kb).padStart(7)} kB  largest lazy chunk ${lazy[0].file}`);
if (initialTotal > budgets.portalInitialJsGzipKb) {
  console.error(
    `The portal's initial JS is ${initialTotal} kB gzip, past its budget of ${budgets.portalInitialJsGzipKb} kB.`,
  );
  process.exit(1);
}
