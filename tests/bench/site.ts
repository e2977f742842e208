/**
 * Lighthouse (mobile, its default) on the site's key pages, served by the built server as in
 * production. Scores go to tests/bench/results/site.json; run with `pnpm bench:site` after a build.
 */
import fs from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { REPO_ROOT, startServer } from '../support/server';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const PAGES = ['/', '/pricing', '/features', '/why-tidewatch'];
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** The newest English blog post, so the measured post follows the content. */
async function newestPost(baseUrl: string): Promise<string> {
  const html = await (await fetch(`${baseUrl}/blog`)).text();
  const post = /href="(\/blog\/(?!page\/|tags\/|rss)[^"#?]+)"/.exec(html)?.[1];
  if (!post) throw new Error('No blog post is linked from /blog');
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
  for (const page of [...PAGES, await newestPost(server.url)]) {
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
  fs.writeFileSync(
    out,
    `${JSON.stringify({ measuredAt: new Date().toISOString(), formFactor: 'mobile', pages: results }, null, 2)}\n`,
  );
  console.log(`Written to ${path.relative(REPO_ROOT, out)}`);
} finally {
  chrome.kill();
  await server.stop();
}
