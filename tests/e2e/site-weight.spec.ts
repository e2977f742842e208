import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { REPO_ROOT } from '../support/server';
import { SITE_DIST, siteWeights } from '../support/site-weight';

const budgets: { siteJsGzipBytesPerPage: number; siteJsGzipBytesWithoutIslands: number } = JSON.parse(
  fs.readFileSync(path.join(REPO_ROOT, 'tests/bench/budgets.json'), 'utf8'),
);

// Reads the built site, so it needs no browser: the budget is checked on every `pnpm test`.
const pages = siteWeights();
const withIslands = pages.filter((page) => Object.keys(page.islands).length > 0);
const codeOf = (files: string[]) => files.map((file) => fs.readFileSync(file, 'utf8')).join('\n');
const over = (weights: typeof pages, budget: number) =>
  weights.filter((page) => page.js > budget).map((page) => `${page.page}: ${page.js} bytes`);

test('every site page loads at most its budget of JavaScript, gzip', () => {
  expect(pages.length).toBeGreaterThan(40);
  expect(over(pages, budgets.siteJsGzipBytesPerPage), `over ${budgets.siteJsGzipBytesPerPage} bytes`).toEqual(
    [],
  );
});

test('a page without an island loads no React before the visitor opens the chat', () => {
  const withoutIslands = pages.filter((page) => !withIslands.includes(page));
  expect(withoutIslands.length).toBeGreaterThan(20);
  const budget = budgets.siteJsGzipBytesWithoutIslands;
  expect(over(withoutIslands, budget), `over ${budget} bytes`).toEqual([]);
  for (const page of withoutIslands) expect(codeOf(page.files), page.page).not.toContain('__reactContainer$');
});

test('the islands render with React 19, and no Preact is built', () => {
  expect(withIslands.length).toBeGreaterThan(20);
  for (const page of withIslands) {
    const code = codeOf(page.files);
    // React DOM's root marker and React 19's element type: neither is in Preact's compatibility layer.
    expect(code, page.page).toContain('__reactContainer$');
    expect(code, page.page).toContain('react.transitional.element');
  }
  const scripts = fs.readdirSync(path.join(SITE_DIST, '_astro')).filter((file) => file.endsWith('.js'));
  const preact = scripts.filter((file) =>
    /preact/i.test(fs.readFileSync(path.join(SITE_DIST, '_astro', file), 'utf8')),
  );
  expect(preact).toEqual([]);
});

test('an island carries only the catalog messages it uses', () => {
  const login = pages.find((page) => page.page === '/da/login');
  const code = codeOf(login?.files ?? []);
  // The login form's own button, in Danish…
  expect(code).toContain('Log ind');
  // …but not the sign-up form's step heading, nor a portal page's text.
  expect(code).not.toContain('Trin 2 af 2');
  expect(code).not.toContain('Ændringsanmodninger');
});

test("a form page's first scripts hold neither its rules' zod nor the client's ofetch", () => {
  const forms = pages.filter((page) => Object.keys(page.islands).some((name) => name.endsWith('Form')));
  expect(forms.length).toBeGreaterThan(15);
  for (const page of forms) {
    const code = codeOf(page.files);
    // zod names its classes by string (`$ZodObject`); ofetch names its error so.
    expect(code, page.page).not.toContain('$ZodObject');
    expect(code, page.page).not.toContain('FetchError');
  }
});
