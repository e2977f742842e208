import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { REPO_ROOT } from '../support/server';
import { siteWeights } from '../support/site-weight';

const budgets: { siteJsGzipBytesPerPage: number } = JSON.parse(
  fs.readFileSync(path.join(REPO_ROOT, 'tests/bench/budgets.json'), 'utf8'),
);

// Reads the built site, so it needs no browser: the budget is checked on every `pnpm test`.
const pages = siteWeights();

test('every site page loads at most its budget of JavaScript, gzip', () => {
  expect(pages.length).toBeGreaterThan(40);
  const over = pages
    .filter((page) => page.js > budgets.siteJsGzipBytesPerPage)
    .map((page) => `${page.page}: ${page.js} bytes`);
  expect(over, `over ${budgets.siteJsGzipBytesPerPage} bytes`).toEqual([]);
});

test('an island carries only the catalog messages it uses', () => {
  const login = pages.find((page) => page.page === '/da/login');
  const code = (login?.files ?? []).map((file) => fs.readFileSync(file, 'utf8')).join('\n');
  // The login form's own button, in Danish…
  expect(code).toContain('Log ind');
  // …but not the sign-up form's step heading, nor a portal page's text.
  expect(code).not.toContain('Trin 2 af 2');
  expect(code).not.toContain('Ændringsanmodninger');
});
