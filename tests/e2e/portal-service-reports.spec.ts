import { mkdirSync, readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import type { ServiceReport, ServiceReportMonths } from '../../packages/contract/src/service-reports';
import { violations } from '../support/axe';
import { expect, test } from '../support/own-customer';
import { pickSearchable, sidebarLabels, signIn } from '../support/portal';
import { MANAGER } from '../support/portal-routes';

/** Where the page's pictures go, to be looked at. */
const SHOTS = process.env.SCREENSHOT_DIR ?? 'tests/test-results/service-reports';
const PHONE = { width: 390, height: 844 };
/** A demo admin who reads the portal in Danish. */
const DANISH_STAFF = 'approver@tidewatch.example';

// Each test reads the demo (or its own customer) in its own browser context: both workers share them.
test.describe.configure({ mode: 'parallel' });

const main = (page: Page) => page.getByRole('main');

const monthName = (month: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );
/** As the portal writes a share: to a tenth, cut rather than rounded. */
const sharePercent = (share: number, locale: string) =>
  new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1, roundingMode: 'trunc' }).format(
    (share * 100) / 100,
  );

/** What the API says the page should show: Acme's months, and the newest one's report. */
async function acmeReport(page: Page) {
  const months = (await (
    await page.request.get('/api/customer/acmecorp/reports')
  ).json()) as ServiceReportMonths;
  const newest = months.months[0] as string;
  const report = (await (
    await page.request.get(`/api/customer/acmecorp/reports/${newest}`)
  ).json()) as ServiceReport;
  return { months: months.months, report };
}

/** Waits until the page has drawn what it loads. */
async function loaded(page: Page) {
  await expect(main(page).locator('[aria-busy="true"], [data-state="loading"]')).toHaveCount(0, {
    timeout: 15_000,
  });
}

const overflow = (page: Page) =>
  page.evaluate(
    () => (document.scrollingElement ?? document.documentElement).scrollWidth - window.innerWidth,
  );

test.describe('the reports page', () => {
  test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

  test("a manager opens last month's report from the sidebar, changes month and downloads the Danish PDF", async ({
    page,
  }) => {
    await signIn(page, MANAGER);
    const { months, report } = await acmeReport(page);
    expect(months.length, 'finished months of the demo customer').toBeGreaterThan(1);

    await page.goto('/user/settings');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Reports' }).click();
    await expect(page).toHaveURL(/\/customer\/reports$/);
    await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
    await loaded(page);

    // Last month by default, with the demo's figures as the API gives them.
    const chooser = main(page).getByLabel('Month');
    await expect(chooser.locator('option:checked')).toHaveText(monthName(report.month, 'en'));
    await expect(chooser.locator('option')).toHaveText(months.map((month) => monthName(month, 'en')));
    const fleet = main(page).getByRole('table', { name: 'Under management' });
    await expect(fleet.getByRole('row', { name: /^Servers/ })).toContainText(
      String(report.fleet.servers.end),
    );
    expect(report.availability.share, 'the demo has pings last month').not.toBeNull();
    await expect(main(page).locator('[data-figure="availability"] dd')).toHaveText(
      sharePercent(report.availability.share as number, 'en'),
    );
    await expect(main(page).getByRole('figure').filter({ hasText: 'Pings received by week' })).toBeVisible();
    if (report.windows.list.length > 0)
      await expect(
        main(page).getByRole('table', { name: 'Service windows that ended' }).getByRole('rowheader'),
      ).toHaveCount(report.windows.list.length);
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/reports-desktop-en.png`, fullPage: true });

    // The chooser puts the month in the address; by keyboard too.
    const older = months[1] as string;
    await chooser.selectOption(older);
    await expect(page).toHaveURL(new RegExp(`[?&]month=${older}$`));
    await expect(main(page).locator(`[data-month="${older}"]`)).toBeVisible();
    await chooser.focus();
    await page.keyboard.press('ArrowUp');
    await expect(page).toHaveURL(new RegExp(`[?&]month=${report.month}$`));
    await expect(main(page).locator(`[data-month="${report.month}"]`)).toBeVisible();

    const download = page.waitForEvent('download');
    await main(page).getByRole('button', { name: 'Download PDF (Dansk)' }).focus();
    await page.keyboard.press('Enter');
    const file = await download;
    expect(file.suggestedFilename()).toBe(`service-report-acmecorp-${report.month}-da.pdf`);
    expect(
      readFileSync(await file.path())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    // A month without a report in the address (before the customer began) shows the newest one.
    await page.goto('/customer/reports?month=2000-01');
    await expect(chooser.locator('option:checked')).toHaveText(monthName(report.month, 'en'));
  });

  test('at 390 px the report fits the screen', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await signIn(page, MANAGER);
    await page.goto('/customer/reports');
    await loaded(page);
    await expect(main(page).getByRole('heading', { name: 'Availability' })).toBeVisible();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SHOTS}/reports-phone-en.png`, fullPage: true });
  });

  for (const viewport of [{ width: 1280, height: 900 }, PHONE]) {
    test(`Danish staff read the customer chosen in the header in Danish at ${viewport.width} px`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await signIn(page, DANISH_STAFF);
      const { report } = await acmeReport(page);
      await page.goto('/customer/reports');
      await pickSearchable(page, 'Kunde', 'Søg i kunder', 'Acme Corp');
      await loaded(page);
      expect(await page.locator('html').getAttribute('lang')).toBe('da');
      await expect(main(page).getByLabel('Måned').locator('option:checked')).toHaveText(
        monthName(report.month, 'da'),
      );
      await expect(main(page).locator('[data-figure="availability"] dd')).toHaveText(
        sharePercent(report.availability.share as number, 'da'),
      );
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `${SHOTS}/reports-${viewport.width}-da.png`, fullPage: true });
    });
  }

  test('a failed load says so with Retry, and Retry brings the report', async ({ page }) => {
    await page.clock.install();
    await signIn(page, MANAGER);
    await page.route('**/api/customer/*/reports**', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({
          error: 'Internal Server Error',
          message: 'Something went wrong on our side.',
        }),
      }),
    );
    await page.goto('/customer/reports');
    const failed = main(page).locator('[data-state="failed"]');
    // The query client asks twice more before it gives up: the clock skips those waits.
    await expect(async () => {
      await page.clock.fastForward(2_000);
      await expect(failed).toBeVisible({ timeout: 500 });
    }).toPass({ timeout: 15_000 });
    await expect(failed).toHaveAttribute('role', 'alert');
    await expect(failed).toContainText('Could not load the reports');
    await expect(main(page).locator('[data-state="loading"], [data-state="empty"]')).toHaveCount(0);

    await page.unroute('**/api/customer/*/reports**');
    await failed.getByRole('button', { name: 'Retry' }).click();
    await expect(main(page).getByRole('heading', { name: 'Availability' })).toBeVisible();
    await expect(failed).toHaveCount(0);
  });

  test('a customer that began this month has no report yet', async ({ page, ownCustomer }) => {
    await ownCustomer.signInAsManager(page);
    await page.goto('/customer/reports');
    const empty = main(page).locator('[data-state="empty"]');
    await expect(empty.getByRole('heading', { name: 'No report yet' })).toBeVisible();
    await expect(main(page).getByRole('button', { name: /Download PDF/ })).toHaveCount(0);
  });

  test('a customer user has no Reports item, is not allowed the page, and the API refuses', async ({
    page,
  }) => {
    await signIn(page, 'user@acme.example');
    await page.goto('/user/settings');
    await expect(sidebarLabels(page).filter({ hasText: 'Settings' })).toHaveCount(1);
    await expect(sidebarLabels(page).filter({ hasText: 'Reports' })).toHaveCount(0);
    await page.goto('/customer/reports');
    await expect(page.getByRole('heading', { name: 'You are not allowed to see this page' })).toBeVisible();
    expect((await page.request.get('/api/customer/acmecorp/reports')).status()).toBe(403);
  });

  test("a manager cannot reach another customer's reports", async ({ page }) => {
    await signIn(page, MANAGER);
    // Not found rather than refused, so another customer's id is not confirmed.
    expect((await page.request.get('/api/customer/globexco/reports')).status()).toBe(404);
  });
});
