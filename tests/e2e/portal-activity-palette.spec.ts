import { expect, type Page, test } from '@playwright/test';
import { violations } from '../support/axe';
import { chooseCustomer, pickSearchable, signIn } from '../support/portal';

const MANAGER = 'manager@acme.example';
const SHOTS = '/tmp/p20d';

const main = (page: Page) => page.getByRole('main');

/** Ctrl+K once the portal has drawn its header (the key is listened for from then on). */
async function openPalette(page: Page) {
  await expect(page.getByRole('button', { name: /\(Ctrl\+K\)/ })).toBeVisible();
  await page.keyboard.press('Control+k');
}

test.describe('the activity page', () => {
  test("shows the customer's own audit trail, staff as staff with their reason, and filters by kind", async ({
    page,
  }) => {
    await signIn(page, MANAGER);
    await page.goto('/customer/activity');
    const rows = main(page).getByRole('table', { name: 'Activity' }).getByRole('row');
    await expect(
      main(page).getByRole('rowheader', { name: 'Changed the plan of db-01.acmecorp from Silver to Gold' }),
    ).toBeVisible();
    const helped = rows.filter({ hasText: 'Started acting as manager@acme.example' });
    await expect(helped).toContainText('Tidewatch staff');
    await expect(helped).toContainText('Customer asked us to upgrade the database servers');
    await expect(main(page)).not.toContainText('admin@tidewatch.example');
    await expect(main(page)).not.toContainText('globex');

    await main(page).getByLabel('Kind').selectOption({ label: 'Sign-ins' });
    await expect(page).toHaveURL(/kind=sign_in/);
    await expect(rows.filter({ hasText: 'Started acting as' })).toHaveCount(0);
    await expect(rows.filter({ hasText: 'Signed in' }).first()).toBeVisible();

    await main(page).getByLabel('From').fill('2000-01-01');
    await main(page).getByLabel('To').fill('2000-01-02');
    await expect(main(page).getByText('Nothing matches these filters.')).toBeVisible();
  });

  test('shows staff who acted, by address, to staff', async ({ page }) => {
    await signIn(page, 'admin@tidewatch.example');
    await page.goto('/user/servers');
    await chooseCustomer(page, 'Acme Corp');
    await page.goto('/customer/activity?kind=impersonation');
    await expect(main(page).getByText('admin@tidewatch.example (staff)').first()).toBeVisible();
  });

  test('is not offered to a user without the role, and the server refuses it', async ({ page }) => {
    await signIn(page, 'user@acme.example');
    await page.goto('/customer/activity');
    await expect(
      main(page)
        .getByText(/not allowed|do not have access/i)
        .first(),
    ).toBeVisible();
    expect((await page.request.get('/api/customer/acmecorp/activity')).status()).toBe(403);
  });

  test('shows the failed state when the API fails, and the list after Retry', async ({ page }) => {
    await signIn(page, MANAGER);
    let failing = true;
    await page.route('**/api/customer/acmecorp/activity**', (route) =>
      failing
        ? route.fulfill({ status: 500, json: { error: 'internal', message: 'Boom' } })
        : route.fallback(),
    );
    await page.goto('/customer/activity');
    const failed = main(page).locator('[data-state="failed"]');
    await expect(failed).toContainText('Could not load the activity', { timeout: 15_000 });
    await expect(main(page).locator('[data-state="empty"]')).toHaveCount(0);
    failing = false;
    await failed.getByRole('button', { name: 'Retry' }).click();
    await expect(main(page).getByRole('rowheader', { name: /Changed the plan of db-01/ })).toBeVisible();
  });
});

test.describe('the command palette', () => {
  test('opens with Ctrl+K, searches the API as you type, and opens a server with the keyboard', async ({
    page,
  }) => {
    await signIn(page, MANAGER);
    await page.goto('/user/settings');
    await openPalette(page);
    const dialog = page.getByRole('dialog', { name: 'Search' });
    const input = dialog.getByRole('combobox', { name: 'Search' });
    await expect(input).toBeFocused();
    await input.pressSequentially('web-01.');
    const options = dialog.getByRole('option');
    await expect(options.nth(1)).toHaveAccessibleName('web-01.acmecorp');
    await expect(dialog.locator('[data-state="loading"]')).toHaveCount(0);
    // The first result is active; down moves on, up wraps round to the last and down comes back.
    await expect(options.first()).toHaveAttribute('aria-selected', 'true');
    await input.press('ArrowDown');
    await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
    await input.press('ArrowUp');
    await input.press('ArrowUp');
    await expect(options.last()).toHaveAttribute('aria-selected', 'true');
    await input.press('ArrowDown');
    await input.press('ArrowDown');
    await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
    await input.press('Enter');
    await expect(page).toHaveURL(/\/user\/servers\/web-01\.acmecorp$/);
    await expect(dialog).toBeHidden();
  });

  test("finds the portal's pages the user may open, and never another customer's things", async ({
    page,
  }) => {
    await signIn(page, MANAGER);
    await page.goto('/user/settings');
    await openPalette(page);
    const dialog = page.getByRole('dialog', { name: 'Search' });
    const input = dialog.getByRole('combobox', { name: 'Search' });
    await input.pressSequentially('activ');
    await expect(dialog.getByRole('option', { name: 'Activity' })).toBeVisible();
    await expect(dialog.locator('[data-state="loading"]')).toHaveCount(0);
    await input.press('Enter');
    await expect(page).toHaveURL(/\/customer\/activity$/);

    await openPalette(page);
    await input.pressSequentially('globex');
    await expect(dialog.getByText('Nothing found for “globex”.')).toBeVisible();
    await expect(dialog.getByRole('option')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('says how many more match than it shows, and opens them all in the list', async ({ page }) => {
    await signIn(page, MANAGER);
    await page.goto('/user/settings');
    await openPalette(page);
    const dialog = page.getByRole('dialog', { name: 'Search' });
    await dialog.getByRole('combobox', { name: 'Search' }).pressSequentially('acmecorp');
    const servers = dialog.getByRole('group', { name: 'Servers' });
    const all = servers.getByRole('option', { name: /^All \d+ servers matching “acmecorp”$/ });
    await expect(all).toBeVisible();
    const total = Number(/\d+/.exec((await all.textContent()) ?? '')?.[0]);
    expect(total).toBe(await (await page.request.get('/api/count/server/acmecorp')).json());
    await expect(servers.getByRole('option')).toHaveCount(6);
    await all.click();
    await expect(page).toHaveURL(/\/user\/servers\?q=acmecorp$/);
    await expect(page.getByRole('table', { name: 'Servers' }).locator('tbody tr').first()).toBeVisible();
  });

  test('lets staff find a customer and choose it', async ({ page }) => {
    await signIn(page, 'admin@tidewatch.example');
    await page.goto('/user/servers');
    await openPalette(page);
    const dialog = page.getByRole('dialog', { name: 'Search' });
    await dialog.getByRole('combobox').pressSequentially('globex');
    await expect(dialog.getByRole('option', { name: /globexco/ })).toBeVisible();
    await dialog.getByRole('combobox').press('Enter');
    await expect(page.getByRole('combobox', { name: 'Customer', exact: true })).toContainText('Globex');
  });

  test('says the search failed, and Retry searches again', async ({ page }) => {
    await signIn(page, MANAGER);
    let failing = true;
    await page.route('**/api/search**', (route) =>
      failing ? route.fulfill({ status: 400, json: { error: 'bad', message: 'Boom' } }) : route.fallback(),
    );
    await page.goto('/user/settings');
    await page.getByRole('button', { name: 'Search (Ctrl+K)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Search' });
    await dialog.getByRole('combobox').pressSequentially('web');
    await expect(dialog.getByRole('alert')).toContainText('Search failed');
    failing = false;
    await dialog.getByRole('button', { name: 'Retry' }).click();
    await expect(dialog.getByRole('option', { name: /^web-01\.acmecorp/ })).toBeVisible();
  });

  test('is in Danish for a Danish reader', async ({ page }) => {
    await signIn(page, 'approver@tidewatch.example');
    await page.goto('/user/settings');
    await openPalette(page);
    const dialog = page.getByRole('dialog', { name: 'Søg' });
    await dialog.getByRole('combobox').pressSequentially('indst');
    await expect(dialog.getByRole('option', { name: 'Indstillinger' })).toBeVisible();
    await expect(dialog.getByText('Sider', { exact: true })).toBeVisible();
  });
});

for (const colorScheme of ['light', 'dark'] as const) {
  for (const width of [1366, 390]) {
    test(`activity and the palette have no WCAG AA violation (${colorScheme}, ${width} px)`, async ({
      page,
    }) => {
      await page.emulateMedia({ colorScheme });
      await page.setViewportSize({ width, height: 900 });
      await signIn(page, MANAGER);
      await page.goto('/customer/activity');
      await expect(main(page).getByRole('rowheader').first()).toBeVisible();
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      expect(await violations(page), 'activity').toEqual([]);
      await page.screenshot({ path: `${SHOTS}/activity-en-${colorScheme}-${width}.png`, fullPage: true });
      await openPalette(page);
      await page.getByRole('dialog').getByRole('combobox').pressSequentially('web');
      await expect(page.getByRole('option').first()).toBeVisible();
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      expect(await violations(page), 'palette').toEqual([]);
      await page.screenshot({ path: `${SHOTS}/palette-en-${colorScheme}-${width}.png` });
    });
  }
}

test('screenshots in Danish', async ({ page }) => {
  await signIn(page, 'approver@tidewatch.example');
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/user/servers');
    await pickSearchable(page, 'Kunde', 'Søg i kunder', 'Acme Corp');
    await page.goto('/customer/activity');
    await expect(main(page).getByRole('rowheader').first()).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/activity-da-${width}.png`, fullPage: true });
    await openPalette(page);
    await page.getByRole('dialog').getByRole('combobox').pressSequentially('web');
    await expect(page.getByRole('option').first()).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/palette-da-${width}.png` });
  }
});
