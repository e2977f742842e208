import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { violations } from '../support/axe';
import { signIn } from '../support/portal';
// The fleet's counts and order take in every customer's servers.
import { expect, test } from '../support/untouched-demo';

const SCREENSHOTS = '/tmp/p20c';
const fleetTable = (page: Page) => page.getByRole('table', { name: 'Servers' });
const certnames = (page: Page) => fleetTable(page).locator('tbody th');

test.describe('the fleet view', () => {
  test("staff see every customer's servers, failing and stale first, and filter them", async ({ page }) => {
    await signIn(page, 'admin@tidewatch.example');
    await page.goto('/user/settings');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Fleet' }).click();
    await expect(page).toHaveURL(/\/admin\/fleet$/);
    await expect(page.getByRole('heading', { name: 'Fleet', level: 1 })).toBeVisible();
    await expect(page.getByText('45 servers')).toBeVisible();
    await expect(fleetTable(page).getByRole('columnheader', { name: 'Customer' })).toBeVisible();
    await expect(certnames(page).first()).toHaveText('batch-02.acmecorp');
    await expect(certnames(page).nth(2)).toHaveText('gx-web-02.globexco');
    const failing = fleetTable(page).getByRole('row', { name: /gx-web-02\.globexco/ });
    await expect(failing).toContainText('Globex');
    await expect(failing).toContainText('Last run failed');

    await page.getByRole('search').getByLabel('Customer').selectOption('globexco');
    await expect(page).toHaveURL(/customer_id=globexco/);
    await expect(page.getByText('6 servers')).toBeVisible();
    for (const name of await certnames(page).allTextContents()) expect(name).toMatch(/\.globexco$/);

    await page.getByLabel('Status').selectOption('stale');
    await expect(certnames(page)).toHaveText(['gx-batch-01.globexco']);
    const csv = page.getByRole('link', { name: 'Export CSV' });
    await expect(csv).toHaveAttribute(
      'href',
      '/api/admin/fleet/export.csv?customer_id=globexco&status=stale',
    );
    const answer = await page.request.get((await csv.getAttribute('href')) ?? '');
    expect(await answer.text()).toContain('globexco,Globex,gx-batch-01.globexco,stale');

    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByLabel('Operating system').selectOption('centos:7');
    await expect(certnames(page)).toHaveText(['erp-01.acmecorp', 'erp-02.acmecorp']);
  });

  test('pages through the fleet with the cursor pager', async ({ page }) => {
    await signIn(page, 'admin@tidewatch.example');
    await page.goto('/admin/fleet?limit=25');
    await expect(certnames(page)).toHaveCount(25);
    await page
      .getByRole('navigation', { name: 'Server list pages' })
      .getByRole('button', { name: /Next/ })
      .click();
    await expect(certnames(page)).toHaveCount(20);
    await expect(page).toHaveURL(/cursors=/);
  });

  test('a customer user is refused: no sidebar entry, not allowed, and 403 from the API', async ({
    page,
  }) => {
    await signIn(page, 'manager@acme.example');
    await page.goto('/admin/fleet');
    await expect(page.getByRole('heading', { name: 'You are not allowed to see this page' })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Fleet' }),
    ).toHaveCount(0);
    expect((await page.request.get('/api/admin/fleet')).status()).toBe(403);
    expect((await page.request.get('/api/admin/fleet/export.csv')).status()).toBe(403);
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    for (const width of [1366, 390]) {
      test(`has no WCAG AA violation at ${width} px (${colorScheme})`, async ({ page }) => {
        await page.emulateMedia({ colorScheme });
        await page.setViewportSize({ width, height: 900 });
        await signIn(page, 'admin@tidewatch.example');
        await page.goto('/admin/fleet');
        await expect(certnames(page).first()).toBeVisible();
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
        expect(await violations(page)).toEqual([]);
        mkdirSync(SCREENSHOTS, { recursive: true });
        await page.screenshot({
          path: `${SCREENSHOTS}/fleet-en-${width}-${colorScheme}.png`,
          fullPage: true,
        });
      });
    }
  }

  test('reads Danish for a Danish reader', async ({ page }) => {
    await signIn(page, 'approver@tidewatch.example');
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/admin/fleet');
      await expect(page.getByRole('heading', { name: 'Flåde', level: 1 })).toBeVisible();
      await expect(page.getByRole('columnheader', { name: 'Kunde' })).toBeVisible();
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      mkdirSync(SCREENSHOTS, { recursive: true });
      await page.screenshot({ path: `${SCREENSHOTS}/fleet-da-${width}.png`, fullPage: true });
    }
  });
});
