import { expect, type Page, test } from '@playwright/test';
import { signIn } from '../support/portal';
import { sitemapPaths, TRANSACTIONAL_PAGES } from '../support/site';

/** A crawl visits every page of the site: far longer than one test's default minute. */
const CRAWL_TIMEOUT_MS = 10 * 60_000;

declare global {
  interface Window {
    cspViolations?: string[];
  }
}

/**
 * Collects what the browser refused under the page's policies: `securitypolicyviolation` events,
 * and the console's complaints about the CSP or the Permissions-Policy header itself.
 */
async function watchPolicies(page: Page) {
  const complaints: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Permissions-Policy/i.test(message.text())) complaints.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      window.cspViolations = [
        ...(window.cspViolations ?? []),
        `${event.violatedDirective} ${event.blockedURI} ${event.sample}`,
      ];
    });
  });
  return async () => [...complaints, ...(await page.evaluate(() => window.cspViolations ?? []))];
}

/** Scrolls every island into view (some hydrate only then) and waits until React has taken each over. */
async function islandsHydrated(page: Page) {
  const islands = page.locator('astro-island');
  for (let index = 0; index < (await islands.count()); index++) {
    const island = islands.nth(index);
    await island.scrollIntoViewIfNeeded();
    await expect(island, `island ${index} on ${page.url()}`).not.toHaveAttribute('ssr');
  }
}

test('every site page, the mailed ones too, runs under a CSP without unsafe-inline scripts, with no violation, and hydrates', async ({
  page,
}) => {
  test.setTimeout(CRAWL_TIMEOUT_MS);
  const violations = await watchPolicies(page);
  const paths = await sitemapPaths(page.request);
  let islandPages = 0;
  for (const path of [...paths, ...TRANSACTIONAL_PAGES, '/no-such-page', '/da/ingen-side']) {
    const response = await page.goto(path);
    const policy = response?.headers()['content-security-policy'] ?? '';
    const scriptSrc = policy.split(';').find((directive) => directive.trim().startsWith('script-src '));
    expect(scriptSrc, path).toBeDefined();
    expect(scriptSrc, path).not.toContain('unsafe-inline');
    expect(policy, path).not.toMatch(/\shttps?:/);
    expect(policy, path).toContain('report-to csp');
    expect(response?.headers()['reporting-endpoints'], path).toBe('csp="/api/csp-reports"');
    expect(response?.headers()['permissions-policy'], path).toContain('camera=()');
    if ((await page.locator('astro-island').count()) > 0) islandPages++;
    await islandsHydrated(page);
    expect(await violations(), path).toEqual([]);
  }
  expect(islandPages).toBeGreaterThan(10);
});

/** The portal's main pages: a customer's own, and staff's (the map, the fleet, chat, hours, the queue). */
const PORTAL_PAGES = [
  '/user/servers',
  '/user/clusters',
  '/user/settings',
  '/customer/activity',
  '/customer/invoices',
  '/customer/reports',
  '/customer/service-window',
  '/customer/users',
  '/admin/impersonate?customer=acmecorp',
  '/admin/map',
  '/admin/fleet',
  '/admin/chat',
  '/admin/hours/register',
  '/admin/service-window/queue',
];

test('the portal runs under the same CSP with no violation', async ({ page }) => {
  const violations = await watchPolicies(page);
  await signIn(page, 'admin@tidewatch.example');
  for (const path of PORTAL_PAGES) {
    await page.goto(path);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    expect(await violations(), path).toEqual([]);
  }
});
