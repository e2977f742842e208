import { expect, test } from '@playwright/test';
import { inBothSchemes } from '../support/axe';
import { signIn } from '../support/portal';
import { sitemapPaths } from '../support/site';

/** A crawl visits every page of the site: far longer than one test's default minute. */
const CRAWL_TIMEOUT_MS = 10 * 60_000;

/** Pages that show one customer's data, with a record open where they have one. */
const CUSTOMER_PAGES = [
  '/user/servers',
  '/user/servers/app-01.acmecorp',
  '/user/servers/add-server',
  '/user/servers/os',
  '/user/servers/configuration?server=web-01.acmecorp',
  '/user/servers/new-role-configuration?server=web-01.acmecorp',
  '/user/servers/merge-request',
  '/user/servers/merge-request?number=1',
  '/user/clusters',
  '/user/clusters?cluster=shop-prod.acmecorp',
  '/customer/tags',
  '/customer/teams',
  '/customer/teams/Platform',
  '/customer/features',
  '/customer/service-window/bookings',
  '/customer/service-window/exemptions',
  '/customer/service-window/configuration',
  '/customer/reports',
];

const NONE = { light: [], dark: [] };

// Each test reads pages in its own browser context and changes nothing: both workers share them.
test.describe.configure({ mode: 'parallel' });
test.use({ colorScheme: 'light' });

const DANISH_PATH = /^\/da(\/|$)/;

for (const language of ['English', 'Danish'] as const) {
  const danish = language === 'Danish';
  test(`every ${language} page in the sitemap, and the 404 page, has no WCAG AA violation in light or dark`, async ({
    page,
  }) => {
    test.setTimeout(CRAWL_TIMEOUT_MS);
    const paths = (await sitemapPaths(page.request)).filter((path) => DANISH_PATH.test(path) === danish);
    expect(paths).toContain(danish ? '/da/login' : '/login');
    for (const path of [...paths, danish ? '/da/ingen-side' : '/no-such-page']) {
      await page.goto(path);
      expect(await inBothSchemes(page), path).toEqual(NONE);
    }
  });
}

test('the portal pages have no WCAG AA violation in light or dark', async ({ page }) => {
  // Eight pages, each checked in both schemes: about 40 s alone, over a minute beside another worker.
  test.setTimeout(120_000);
  await signIn(page, 'admin@tidewatch.example');
  for (const path of [
    '/user/settings',
    '/admin/impersonate?customer=acmecorp',
    '/user/servers',
    '/admin/install-script?customer=globexco',
    '/admin/fleet',
    '/admin/fleet?customer_id=globexco&status=stale',
    '/admin/create-customer',
    '/admin/map',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    expect(await inBothSchemes(page), path).toEqual(NONE);
  }
});

test("a customer manager's infrastructure pages have no WCAG AA violation in light or dark", async ({
  page,
}) => {
  // Eighteen pages, each checked in both schemes: over a minute, and over two on a busy machine.
  test.setTimeout(240_000);
  await signIn(page, 'manager@acme.example');
  for (const path of CUSTOMER_PAGES) {
    await page.goto(path);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    expect(await inBothSchemes(page), path).toEqual(NONE);
  }
});
