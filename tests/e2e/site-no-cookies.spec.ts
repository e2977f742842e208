import { expect, test } from '@playwright/test';
import { sitemapPaths } from '../support/site';

/** Visiting every page takes longer than one test's default minute. */
const VISIT_ALL_TIMEOUT_MS = 10 * 60_000;

/** Pages out of the sitemap that a mail or a form leads to; they must keep the same promise. */
const TRANSACTIONAL_PAGES = [
  '/forgot-password',
  '/set-password?token=abc',
  '/confirm-sign-up?token=abc',
  '/unsubscribe',
];

test('reading any site page sets no cookie and stores nothing in the browser, before any consent', async ({
  browser,
  request,
}) => {
  test.setTimeout(VISIT_ALL_TIMEOUT_MS);
  const paths = [...(await sitemapPaths(request)), ...TRANSACTIONAL_PAGES];
  expect(paths).toContain('/cookies');
  expect(paths).toContain('/da/privacy');
  // One browser for the whole walk: each page is checked to leave no cookie and no storage
  // behind, so the next starts as clean as a first visit.
  const context = await browser.newContext();
  // Counts every write to web storage and every cookie a script sets, before the page's own scripts run.
  await context.addInitScript(() => {
    const writes: string[] = [];
    (window as unknown as { storageWrites: string[] }).storageWrites = writes;
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (key: string, value: string) {
      writes.push(`storage:${key}`);
      setItem.call(this, key, value);
    };
    const cookie = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
    Object.defineProperty(document, 'cookie', {
      get: () => cookie?.get?.call(document),
      set: (value: string) => {
        writes.push(`cookie:${value.split('=')[0]}`);
        cookie?.set?.call(document, value);
      },
    });
  });
  const page = await context.newPage();
  for (const path of paths) {
    await page.goto(path);
    // Scrolling brings the islands that load when seen (calculators, tabs) to life too; then
    // whatever they and the page's own scripts ask for has time to arrive.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForLoadState('networkidle');
    expect(await context.cookies(), path).toEqual([]);
    const stored = await page.evaluate(() => ({
      writes: (window as unknown as { storageWrites: string[] }).storageWrites,
      local: localStorage.length,
      session: sessionStorage.length,
    }));
    expect(stored, path).toEqual({ writes: [], local: 0, session: 0 });
  }
  await context.close();
});
