import { expect, type Response, test } from '@playwright/test';
import { sitemapPaths, TRANSACTIONAL_PAGES } from '../support/site';

/**
 * Budget for a page without islands: the nav's session switch and the chat bubble's loader (every
 * public page has the bubble; the widget itself loads only when touched, decision 0052). The loader
 * names the widget's chunks, React's among them, to fetch them at once when it loads (decision 0079).
 */
const JS_BUDGET_BYTES = 5 * 1024;

/** What one page left in the browser and loaded, once everything it asked for had arrived. */
interface FirstVisit {
  path: string;
  cookies: string[];
  storage: { writes: string[]; local: number; session: number; databases: string[] };
  /** Bytes of script: files fetched and inline scripts (structured data is not script). */
  scriptBytes: number;
  islands: number;
}

const visits: FirstVisit[] = [];

// One walk over every page serves both checks below: loading each page until its network is idle
// is the slow part, and both ask what a first visit to a page brings.
test.describe.configure({ mode: 'serial', timeout: 10 * 60_000 });

test.beforeAll(async ({ browser, request }) => {
  test.setTimeout(10 * 60_000);
  const paths = [...(await sitemapPaths(request)), ...TRANSACTIONAL_PAGES];
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
    const scriptBodies: Promise<Buffer>[] = [];
    const collect = (response: Response) => {
      if (response.request().resourceType() === 'script') scriptBodies.push(response.body());
    };
    page.on('response', collect);
    await page.goto(path);
    // Scrolling brings the islands that load when seen (calculators, tabs) to life too; then
    // whatever they and the page's own scripts ask for has time to arrive.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForLoadState('networkidle');
    page.off('response', collect);
    const fetched = (await Promise.all(scriptBodies)).reduce((sum, body) => sum + body.length, 0);
    const inline = await page
      .locator('script:not([src]):not([type="application/ld+json"])')
      .evaluateAll((scripts) => scripts.reduce((sum, script) => sum + (script.textContent?.length ?? 0), 0));
    visits.push({
      path,
      cookies: (await context.cookies()).map((cookie) => cookie.name),
      storage: await page.evaluate(async () => ({
        writes: (window as unknown as { storageWrites: string[] }).storageWrites,
        local: localStorage.length,
        session: sessionStorage.length,
        // The chat keeps a conversation in IndexedDB, but only once the visitor starts one.
        databases: (await indexedDB.databases()).map((database) => database.name ?? ''),
      })),
      scriptBytes: fetched + inline,
      islands: await page.locator('astro-island').count(),
    });
  }
  await context.close();
});

test('reading any site page sets no cookie and stores nothing in the browser, before any consent', () => {
  const paths = visits.map((visit) => visit.path);
  expect(paths).toContain('/cookies');
  expect(paths).toContain('/da/privacy');
  expect(paths).toContain('/set-password?token=abc');
  for (const visit of visits) {
    expect(visit.cookies, visit.path).toEqual([]);
    expect(visit.storage, visit.path).toEqual({ writes: [], local: 0, session: 0, databases: [] });
  }
});

test('pages without islands ship at most 5 kB of JavaScript and no framework', () => {
  const measured = visits.filter((visit) => visit.islands === 0);
  for (const visit of measured) {
    expect(visit.scriptBytes, `JavaScript on ${visit.path}`).toBeLessThanOrEqual(JS_BUDGET_BYTES);
  }
  expect(measured.map((visit) => visit.path)).toEqual(expect.arrayContaining(['/', '/da']));
});
