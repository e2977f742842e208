import { type Browser, expect, type Page, test } from '@playwright/test';
import { sql } from 'drizzle-orm';
import { openPglite } from '../../server/src/db/client';
import { signIn } from '../support/portal';
import { freshDataDir, type RunningServer, startServer } from '../support/server';

const CUSTOMERS = 500;
const dialog = (page: Page) => page.getByRole('dialog');

test.describe('the customer picker with 500 customers', () => {
  // One worker runs these, so the server of 500 customers starts once.
  test.describe.configure({ mode: 'default' });
  let server: RunningServer;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    // A server of its own: the demo data, then 500 more customers written while it is stopped.
    const dataDir = freshDataDir();
    await (await startServer({ dataDir })).stop();
    const handle = await openPglite(dataDir);
    await handle.db.execute(sql`
      insert into customers (id, company_name)
      select 'load' || lpad(n::text, 3, '0'), 'Load Test ' || lpad(n::text, 3, '0') || ' ApS'
      from generate_series(1, ${CUSTOMERS}) as n`);
    await handle.close();
    server = await startServer({ dataDir });
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  async function staffPage(browser: Browser) {
    const context = await browser.newContext({ baseURL: server.url });
    const page = await context.newPage();
    await signIn(page, 'admin@tidewatch.example');
    await page.goto('/user/servers');
    return page;
  }

  test('lists every customer, filters as one types, and picks with the keyboard', async ({ browser }) => {
    const page = await staffPage(browser);
    const picker = page.getByRole('combobox', { name: 'Customer', exact: true });
    // The first page of a server just started takes a while.
    await expect(picker).toHaveText('All customers', { timeout: 20_000 });

    await picker.focus();
    await page.keyboard.press('ArrowDown');
    const search = page.getByRole('combobox', { name: 'Search customers' });
    // The list's own options; the servers page has native selects of its own.
    const options = page.getByRole('listbox').getByRole('option');
    await expect(search).toBeFocused();
    // Every customer, Acme and Globex among them, and "All customers".
    await expect(options).toHaveCount(CUSTOMERS + 3);

    // Every word anywhere: 042 and 420-429 by name, 142, 242, 342 and 442 by their ids (load142, …).
    await page.keyboard.type('test 42');
    await expect(options).toHaveCount(15);
    await page.keyboard.type('0');
    await expect(options).toHaveText([/Load Test 420 ApS/]);
    await page.keyboard.press('Enter');
    await expect(search).toBeHidden();
    await expect(picker).toHaveText(/Load Test 420 ApS/);
    await expect(picker).toBeFocused();

    // Escape closes the list and keeps the customer chosen.
    await page.keyboard.press('Enter');
    await expect(search).toBeFocused();
    await page.keyboard.type('globex');
    await expect(options).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(search).toBeHidden();
    await expect(picker).toHaveText(/Load Test 420 ApS/);

    await page.keyboard.press('Enter');
    await expect(search).toBeFocused();
    await page.keyboard.type('no such customer');
    await expect(page.getByText('No customer matches')).toBeVisible();
    await expect(options).toHaveCount(0);
  });

  test('does not widen the page on a phone, open or closed', async ({ browser }) => {
    const page = await staffPage(browser);
    await page.setViewportSize({ width: 390, height: 844 });
    const picker = page.getByRole('combobox', { name: 'Customer', exact: true });
    await picker.click();
    await expect(page.getByRole('combobox', { name: 'Search customers' })).toBeVisible();
    const popover = await page.getByRole('listbox').boundingBox();
    expect(popover && popover.x >= 0 && popover.x + popover.width <= 390, 'list inside the screen').toBe(
      true,
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

test.describe('the time-zone picker', () => {
  test('offers every IANA time zone and finds one by typing part of its name', async ({ page }) => {
    const zones = await page.evaluate(() => Intl.supportedValuesOf('timeZone').length);
    expect(zones).toBeGreaterThan(400);
    await signIn(page, 'manager@acme.example');
    await page.goto('/customer/tags');
    await page.getByRole('button', { name: 'New tag' }).click();
    await dialog(page).getByLabel('Name').fill('buenos-aires-office');
    await dialog(page).getByLabel('Type').selectOption({ label: 'Team' });

    const picker = dialog(page).getByRole('combobox', { name: 'Time zone', exact: true });
    await picker.click();
    const search = page.getByRole('combobox', { name: 'Search time zones' });
    await expect(search).toBeFocused();
    expect(await page.getByRole('listbox').getByRole('option').count()).toBeGreaterThanOrEqual(zones);

    // Escape closes the list, not the dialog around it.
    await page.keyboard.press('Escape');
    await expect(search).toBeHidden();
    await expect(dialog(page)).toBeVisible();

    await picker.press('Enter');
    await page.keyboard.type('buenos');
    await expect(page.getByRole('listbox').getByRole('option')).toHaveText([/Buenos Aires$/]);
    await page.keyboard.press('Enter');
    await expect(picker).toHaveText(/Buenos Aires$/);
    await dialog(page).getByRole('button', { name: 'Create tag' }).click();
    await expect(dialog(page)).toHaveCount(0);
    await expect(page.getByRole('row', { name: /buenos-aires-office/ })).toContainText('Buenos Aires');

    // The tag goes again, so the specs after this one see the demo's teams.
    await page.getByRole('button', { name: 'Delete buenos-aires-office' }).click();
    await dialog(page).getByRole('button', { name: 'Delete tag' }).click();
    await expect(page.getByRole('row', { name: /buenos-aires-office/ })).toHaveCount(0);
  });
});

test.describe('searching and sorting lists', () => {
  test('tags filter by what is typed and sort by any column', async ({ page }) => {
    await signIn(page, 'manager@acme.example');
    await page.goto('/customer/tags');
    const names = page.getByRole('rowheader');
    await expect(names.first()).toBeVisible();
    const all = await names.allTextContents();
    expect(all).toEqual([...all].sort((a, b) => a.localeCompare(b, undefined, { numeric: true })));

    await page.getByRole('button', { name: 'Name' }).click();
    await expect(names.first()).toHaveText(
      [...all].sort((a, b) => b.localeCompare(a, undefined, { numeric: true }))[0] ?? '',
    );
    await expect(page.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'descending');

    await page.getByRole('searchbox', { name: 'Search tags' }).fill('monthly');
    await expect(names).toHaveText(['monthly-patching']);
    await page.getByRole('searchbox', { name: 'Search tags' }).fill('zzz');
    await expect(page.getByRole('heading', { name: 'No tag matches “zzz”' })).toBeVisible();
  });

  test('teams filter by name or time zone and sort by time zone', async ({ page }) => {
    await signIn(page, 'manager@acme.example');
    await page.goto('/customer/teams');
    const teams = page.getByRole('main').getByRole('listitem');
    await expect(teams.first()).toBeVisible();
    const count = await teams.count();
    expect(count).toBeGreaterThan(1);
    await page.getByRole('searchbox', { name: 'Search teams' }).fill('web');
    await expect(teams).toHaveText([/Web Shop/]);
    await page.getByRole('searchbox', { name: 'Search teams' }).fill('');
    await expect(teams).toHaveCount(count);
    await page.getByLabel('Sort by').selectOption({ label: 'Time zone' });
    const zones = await teams.locator('span:nth-child(2)').allTextContents();
    expect(zones).toEqual([...zones].sort((a, b) => a.localeCompare(b)));
  });
});

test('the combobox loads only with the pages that use it, not with the portal entry', async ({ page }) => {
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith('.js')) scripts.push(new URL(response.url()).pathname);
  });
  await signIn(page, 'manager@acme.example');
  await page.goto('/user/servers');
  await expect(page.getByRole('link', { name: 'files-01.acmecorp' })).toBeVisible();
  expect(scripts.filter((path) => path.includes('combobox'))).toEqual([]);

  await page.goto('/customer/tags');
  await page.getByRole('button', { name: 'New tag' }).click();
  await expect(page.getByRole('combobox', { name: 'Time zone' })).toBeVisible();
  expect(scripts.filter((path) => path.includes('combobox'))).toHaveLength(1);
});
