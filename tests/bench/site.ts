/**
 * Lighthouse (mobile, its default) on every public page in English and Danish, served by the built
 * server as in production, and the gzip size of each page's JavaScript and of each island in it.
 * Results go to tests/bench/results/site.json; run with `pnpm bench:site` after a build. Exits 1
 * when a page scores below budgets.json's minimum. `pnpm test` checks a representative set
 * (tests/bench/site-lighthouse.ts) and the size budget (tests/e2e/site-weight.spec.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../support/server';
import { TRANSACTIONAL_PAGES } from '../support/site';
import { siteWeights } from '../support/site-weight';
import { failing, type Measurement, report, TARGET_SCORES, withSite } from './lighthouse';

const results = await withSite(async ({ sitemapPages, measure }) => {
  // Every page: the sitemap's (every post and tag page included) and the mailed ones, both languages.
  const mailed = TRANSACTIONAL_PAGES.map((page) => page.split('?')[0] ?? page);
  const pages = [...(await sitemapPages()), ...mailed];
  const measured: Record<string, Measurement> = {};
  for (const page of pages) {
    // Measured again toward 100, not just the gate's minimum, so the results say which pages reach it.
    measured[page] = await measure(page, TARGET_SCORES);
    report(page, measured[page]);
  }
  return measured;
});

const out = path.join(REPO_ROOT, 'tests/bench/results/site.json');
// Gzip bytes of JavaScript per page (all of it) and per island, from the same build.
const javascript = Object.fromEntries(
  siteWeights()
    .filter((weight) => weight.page in results)
    .map(({ page, js, islands }) => [page, { total: js, islands }]),
);
const pages = Object.fromEntries(
  Object.entries(results).map(([page, { scores, runs }]) => [page, { ...scores, runs }]),
);
fs.writeFileSync(
  out,
  `${JSON.stringify({ measuredAt: new Date().toISOString(), formFactor: 'mobile', pages, javascript }, null, 2)}\n`,
);
console.log(`Written to ${path.relative(REPO_ROOT, out)}`);
const below = failing(results);
if (below.length > 0) {
  console.error(`Below the Lighthouse minimum in tests/bench/budgets.json: ${below.join(', ')}`);
  process.exit(1);
}
