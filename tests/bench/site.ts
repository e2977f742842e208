/**
 * Lighthouse (mobile, its default) on every public page in English and Danish, served by the built
 * server as in production, and the gzip size of each page's JavaScript and of each island in it.
 * Results go to tests/bench/results/site.json; run with `pnpm bench:site` after a build. The size
 * budget itself is checked on every `pnpm test` (tests/e2e/site-weight.spec.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { REPO_ROOT, startServer } from '../support/server';
import { PUBLIC_PAGES } from '../support/site';
import { siteWeights } from '../support/site-weight';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
/** The spec's public pages, and the account pages reached from them by link or mail. */
const PAGES = [...PUBLIC_PAGES, '/forgot-password', '/set-password', '/confirm-sign-up'];
const inDanish = (page: string) => (page === '/' ? '/da' : `/da${page}`);
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** The newest blog post in a language, so the measured post follows the content. */
async function newestPost(baseUrl: string, prefix: '' | '/da'): Promise<string> {
  const html = await (await fetch(`${baseUrl}${prefix}/blog`)).text();
  const post = new RegExp(`href="(${prefix}/blog/(?!page/|tags/|rss)[^"#?]+)"`).exec(html)?.[1];
  if (!post) throw new Error(`No blog post is linked from ${prefix}/blog`);
  return post;
}

const server = await startServer();
const chrome = await chromeLauncher
  .launch({ chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS })
  .catch(async (error: unknown) => {
    await server.stop();
    throw error;
  });
try {
  const results: Record<string, Record<string, number>> = {};
  const pages = [
    ...PAGES,
    await newestPost(server.url, ''),
    ...PAGES.map(inDanish),
    await newestPost(server.url, '/da'),
  ];
  for (const page of pages) {
    const run = await lighthouse(`${server.url}${page}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    });
    if (!run || run.lhr.runtimeError)
      throw new Error(`Lighthouse failed on ${page}: ${run?.lhr.runtimeError?.message}`);
    const { categories, audits } = run.lhr;
    results[page] = Object.fromEntries(
      CATEGORIES.map((name) => [name, Math.round((categories[name]?.score ?? 0) * 100)]),
    );
    const missed = Object.values(audits)
      .filter(
        (audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative',
      )
      .map((audit) => audit.id);
    console.log(page.padEnd(32), CATEGORIES.map((name) => `${name} ${results[page]?.[name]}`).join('  '));
    if (missed.length > 0) console.log(`${' '.repeat(32)} below 90: ${missed.join(', ')}`);
  }
  const out = path.join(REPO_ROOT, 'tests/bench/results/site.json');
  // Gzip bytes of JavaScript per page (all of it) and per island, from the same build.
  const javascript = Object.fromEntries(
    siteWeights()
      .filter((weight) => weight.page in results)
      .map(({ page, js, islands }) => [page, { total: js, islands }]),
  );
  fs.writeFileSync(
    out,
    `${JSON.stringify({ measuredAt: new Date().toISOString(), formFactor: 'mobile', pages: results, javascript }, null, 2)}\n`,
  );
  console.log(`Written to ${path.relative(REPO_ROOT, out)}`);
} finally {
  chrome.kill();
  await server.stop();
}
