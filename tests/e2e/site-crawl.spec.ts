import { expect, test } from '@playwright/test';
import { inDanish, PUBLIC_PAGES, sitemapPaths } from '../support/site';

const english = (path: string) => path.replace(/^\/da(?=\/|$)/, '') || '/';
/** Blog posts and their tag and page listings are written per language, so they have no twin. */
const isPerLanguage = (path: string) => /^(\/da)?\/blog\/.+/.test(path);

/** Each test visits every page of the site: far longer than one test's default minute. */
test.describe.configure({ timeout: 10 * 60_000 });

test('every public page exists in English and Danish, with its metadata', async ({ page }) => {
  const paths = new Set(await sitemapPaths(page.request));
  for (const path of PUBLIC_PAGES) {
    for (const [localized, lang] of [
      [path, 'en'],
      [inDanish(path), 'da'],
    ] as const) {
      const response = await page.goto(localized);
      expect(response?.status(), localized).toBe(200);
      // Pages reached from a mail or a form are noindex and out of the sitemap (decision 36).
      const listed = (await page.locator('meta[name="robots"][content~="noindex"]').count()) === 0;
      expect(paths.has(localized), `${localized} is in the sitemap`).toBe(listed);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.locator('h1')).toHaveCount(1);
      expect(await page.title(), localized).not.toBe('');
      for (const selector of [
        'meta[name="description"]',
        'meta[property="og:title"]',
        'meta[property="og:description"]',
        ...(listed ? ['link[rel="canonical"]', 'link[rel="alternate"][hreflang="da"]'] : []),
        'meta[property="og:image"]',
      ]) {
        await expect(page.locator(selector), `${selector} on ${localized}`).toHaveCount(1);
      }
    }
  }
  for (const path of paths) {
    if (isPerLanguage(path)) continue;
    const twin = path.startsWith('/da') ? english(path) : inDanish(path);
    expect(paths.has(twin), `${path} has its twin ${twin}`).toBe(true);
  }
});

test('every link on every page resolves, anchors included', async ({ page }) => {
  const pages = await sitemapPaths(page.request);
  const targets = new Map<string, string>();
  for (const path of pages) {
    await page.goto(path);
    const hrefs = await page
      .locator('a[href]')
      .evaluateAll((anchors) => anchors.map((anchor) => (anchor as HTMLAnchorElement).href));
    for (const href of hrefs) {
      const url = new URL(href);
      if (url.origin === new URL(page.url()).origin && !targets.has(url.pathname + url.hash)) {
        targets.set(url.pathname + url.hash, path);
      }
    }
  }
  expect(targets.size).toBeGreaterThan(PUBLIC_PAGES.length);
  const bodies = new Map<string, { status: number; html: string }>();
  for (const [target, foundOn] of targets) {
    const [pathname = '/', anchor] = target.split('#');
    if (!bodies.has(pathname)) {
      const response = await page.request.get(pathname);
      bodies.set(pathname, { status: response.status(), html: await response.text() });
    }
    const body = bodies.get(pathname);
    expect(body?.status, `${target} (linked from ${foundOn})`).toBe(200);
    if (anchor)
      expect(body?.html, `#${anchor} exists on ${pathname} (linked from ${foundOn})`).toContain(
        `id="${decodeURIComponent(anchor)}"`,
      );
  }
});

test('a visitor following links from / reaches every page in the sitemap', async ({ request }) => {
  const wanted = new Set(await sitemapPaths(request));
  const seen = new Set<string>(['/']);
  const queue = ['/'];
  for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
    const response = await request.get(path);
    if (!response.headers()['content-type']?.startsWith('text/html')) continue;
    for (const [, href = ''] of (await response.text()).matchAll(/<a\b[^>]*\shref="([^"]+)"/g)) {
      const url = new URL(href.replaceAll('&amp;', '&'), new URL(path, 'http://site.test'));
      // Pages only: not the API, the portal, or files such as the PDFs and feeds.
      const page = url.pathname.replace(/(.)\/$/, '$1');
      if (url.origin !== 'http://site.test' || /^\/(api|user|customer|admin)\/|\.\w+$/.test(page)) continue;
      if (seen.has(page)) continue;
      seen.add(page);
      queue.push(page);
    }
  }
  // Reached from the links the server mails, with their token: no page links to them.
  const mailedOnly = /^(\/da)?\/(confirm-sign-up|set-password)$/;
  const unreachable = [...wanted].filter(
    (path) => !mailedOnly.test(path) && !seen.has(path.replace(/(.)\/$/, '$1')),
  );
  expect(unreachable, 'sitemap pages no link leads to').toEqual([]);
});

test('the header groups Products and About open without script, by keyboard, and close on Escape', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1200, height: 800 });
  await page.goto('/da');
  const nav = page.getByRole('navigation', { name: 'Hovedmenu' });
  // One line at 1200 px: every top-level entry shares the first one's top.
  const tops = await nav
    .locator(':scope > a, :scope > details > summary')
    .evaluateAll((elements) => elements.map((element) => Math.round(element.getBoundingClientRect().top)));
  expect(new Set(tops).size).toBe(1);

  const products = nav.locator('summary', { hasText: 'Produkter' });
  await products.focus();
  await page.keyboard.press('Enter');
  const linux = nav.getByRole('link', { name: 'Tidewatch Linux' });
  await expect(linux).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(linux).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(linux).toBeHidden();
  await expect(products).toBeFocused();

  await nav.locator('summary', { hasText: 'Om os' }).click();
  await nav.getByRole('link', { name: 'Partnere' }).click();
  await expect(page).toHaveURL(/\/da\/reseller$/);
});

test('the header groups open without JavaScript', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.locator('summary', { hasText: 'Products' }).click();
  await expect(nav.getByRole('link', { name: 'Tidewatch Kubernetes' })).toBeVisible();
  await context.close();
});

test('an unknown address answers 404 with the not-found page in its language, naming no address', async ({
  page,
}) => {
  for (const [path, lang, heading] of [
    ['/no-such-page', 'en', 'This page does not exist'],
    ['/da/ingen-side', 'da', 'Siden findes ikke'],
  ] as const) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(page.locator('link[rel="canonical"], link[rel="alternate"]')).toHaveCount(0);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  }
  // Its language switch leads home in the other language, not to a page that does not exist.
  await page.getByRole('group', { name: 'Sprog' }).getByRole('link', { name: /EN/ }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('robots.txt allows crawling and names the sitemap', async ({ request }) => {
  const response = await request.get('/robots.txt');
  expect(response.status()).toBe(200);
  const body = await response.text();
  expect(body).toContain('User-agent: *');
  expect(body).toMatch(/^Sitemap: https?:\/\/.+\/sitemap-index\.xml$/m);
});

test('the share picture of a page without one of its own is a PNG the server sends', async ({ page }) => {
  await page.goto('/pricing');
  const image = await page.locator('meta[property="og:image"]').getAttribute('content');
  const response = await page.request.get(new URL(image ?? '').pathname);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('image/png');
  expect((await response.body()).subarray(1, 4).toString()).toBe('PNG');
});
