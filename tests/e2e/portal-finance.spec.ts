import { type Browser, expect, type Page, test } from '@playwright/test';
import { signIn } from '../support/portal';
import { type RunningServer, startServer } from '../support/server';

/** A server of its own whose finance access tokens last a second, so they expire within a test. */
let server: RunningServer;
// One worker runs the file, so the server above starts once.
test.describe.configure({ mode: 'default' });

test.beforeAll(async () => {
  server = await startServer({ env: { FINANCE_ACCESS_TOKEN_SECONDS: '1' } });
});
test.afterAll(async () => {
  await server?.stop();
});

async function managerPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  await signIn(page, 'manager@acme.example');
  return page;
}

test('an expired finance token is refreshed without the person noticing', async ({ browser }) => {
  const page = await managerPage(browser);
  await page.goto('/customer/plans');
  const main = page.locator('main');
  await expect(main.getByText(/^Silver from /)).toBeVisible();

  // The access token has expired by now: the next finance call is answered 401, then refreshed.
  await page.waitForTimeout(1_500);
  const refused = page.waitForResponse(
    (response) => response.url().includes('/api/finance/') && response.status() === 401,
  );
  const refreshed = page.waitForResponse(
    (response) => response.url().endsWith('/api/auth/finance-tokens/refresh') && response.status() === 200,
  );
  // A Silver server with no change waiting, upgraded to Gold.
  const silver = main.getByRole('row').filter({ hasText: 'Silver' }).filter({ hasText: '—' }).first();
  await silver.getByRole('link').click();
  await main.getByRole('combobox', { name: 'Plan' }).selectOption({ label: 'Gold' });
  await main.getByRole('button', { name: 'Save plan' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Change plan' }).click();
  await refused;
  await refreshed;
  await expect(page.getByText('Plan saved')).toBeVisible();
  await expect(page.getByText('Session Expired')).toHaveCount(0);
  const stored = await page.evaluate(() => localStorage.getItem('refresh_token'));
  expect(JSON.parse(stored ?? '{}')).toHaveProperty('refresh_token');
  await page.context().close();
});

test('a manager upgrades a server at once and downgrades it from next month', async ({ browser }) => {
  const page = await managerPage(browser);
  await page.goto('/customer/plans');
  const main = page.locator('main');
  const bronze = main.getByRole('row').filter({ hasText: 'Bronze' }).first();
  const certname = (await bronze.getByRole('link').textContent()) ?? '';
  await bronze.getByRole('link').click();
  await expect(page.getByRole('heading', { name: certname, level: 1 })).toBeVisible();

  await main.getByRole('combobox', { name: 'Plan' }).selectOption({ label: 'Gold' });
  await main.getByRole('button', { name: 'Save plan' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: `Upgrade ${certname} to Gold?` })).toBeVisible();
  await expect(dialog).toContainText('It takes effect at once');
  await dialog.getByRole('button', { name: 'Change plan' }).click();
  await expect(page.getByText('Plan saved')).toBeVisible();

  await main.getByRole('combobox', { name: 'Plan' }).selectOption({ label: 'Silver' });
  await main.getByRole('button', { name: 'Save plan' }).click();
  await expect(dialog.getByRole('heading', { name: `Downgrade ${certname} to Silver?` })).toBeVisible();
  await expect(dialog).toContainText('the start of next month');
  await dialog.getByRole('button', { name: 'Change plan' }).click();
  await expect(main.getByText(/^Changes to Silver on /)).toBeVisible();

  await page.goto('/customer/plans');
  const pages = main.getByRole('navigation', { name: 'Plan pages' });
  await expect(pages).toContainText(/Showing 1–25 of \d+/);
  await pages.getByRole('button', { name: 'Next' }).click();
  await expect(pages).toContainText(/Showing 26–\d+ of \d+/);
  await main.getByRole('searchbox', { name: 'Search' }).fill(certname);
  await expect(page).toHaveURL(new RegExp(`q=${certname.replaceAll('.', '\\.')}`));
  await expect(pages).toContainText('Showing 1–1 of 1');
  const row = main.getByRole('row').filter({ hasText: certname });
  await expect(row).toContainText('Gold');
  await expect(row).toContainText(/Silver from /);
  await page.screenshot({ path: 'tests/test-results/plans-desktop.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'tests/test-results/plans-phone.png', fullPage: true });
  await page.context().close();
});

test('a trial in its last week is recalled on every page to those who choose plans', async ({ page }) => {
  await signIn(page, 'manager@globex.example');
  await page.goto('/user/servers');
  const notice = page.getByRole('main').getByRole('status').filter({ hasText: 'Your Basic trial ends on' });
  await expect(notice).toContainText('Your servers and clusters then move to Gold');
  await page.screenshot({ path: 'tests/test-results/trial-notice.png' });
  await notice.getByRole('link', { name: 'Choose plans' }).click();
  await expect(page).toHaveURL(/\/customer\/plans$/);
  await expect(page.getByRole('heading', { name: 'Plans', level: 1 })).toBeVisible();

  await page.context().clearCookies();
  await signIn(page, 'manager@acme.example');
  await page.goto('/user/servers');
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('trial ends on')).toHaveCount(0);
});
