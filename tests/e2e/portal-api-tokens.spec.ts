import type { Page } from '@playwright/test';
import { inBothSchemes, sidewaysOverflow } from '../support/axe';
import { expect, test } from '../support/own-customer';
import { chooseCustomer, sidebarLabels, signIn, xsrfToken } from '../support/portal';
import { ADMIN, MANAGER } from '../support/portal-routes';

const main = (page: Page) => page.getByRole('main');
const dialog = (page: Page) => page.getByRole('dialog');
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** Fills the new-token form: a name and the scope to read servers. */
async function fillNewToken(page: Page, name: string) {
  await main(page).getByRole('button', { name: 'New token' }).click();
  const form = dialog(page);
  await expect(form.getByRole('heading', { name: 'New API token' })).toBeVisible();
  await form.getByRole('textbox', { name: 'Name' }).fill(name);
  await form.getByRole('checkbox', { name: /^Read servers/ }).check();
  return form;
}

test.describe('the API tokens page', () => {
  test('a manager makes a token, sees it once, calls the API with it, sees it used and revokes it', async ({
    page,
    context,
    request,
    baseURL,
    ownCustomer,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await ownCustomer.signInAsManager(page);
    await page.goto('/user/settings');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'API tokens' }).click();
    await expect(page).toHaveURL(/\/customer\/api-tokens$/);
    await expect(main(page).getByRole('heading', { name: 'No API tokens yet' })).toBeVisible();

    await main(page).getByRole('button', { name: 'New token' }).click();
    const form = dialog(page);
    // The browser checks with the contract's rules before anything is sent.
    await form.getByRole('button', { name: 'Make token' }).click();
    await expect(form.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription(/Name the token/);
    await expect(form.getByText('Choose what the token may do')).toBeVisible();
    await form.getByRole('textbox', { name: 'Name' }).fill('CI sync');
    await form.getByRole('checkbox', { name: /^Read servers/ }).check();
    await form.getByRole('button', { name: '30 days' }).click();
    await expect(form.getByRole('spinbutton', { name: 'Days until it expires' })).toHaveValue('30');
    await expect(form.getByRole('button', { name: '30 days' })).toHaveAttribute('aria-pressed', 'true');
    await form.getByRole('button', { name: 'Make token' }).click();

    await expect(form.getByRole('heading', { name: 'Copy your new token “CI sync”' })).toBeVisible();
    await expect(form).toContainText('This is the only time the token is shown');
    const shown = form.getByRole('figure', { name: 'API token' });
    const token = (await shown.locator('code').textContent()) ?? '';
    expect(token).toMatch(/^twk_/);
    await shown.getByRole('button', { name: 'Copy' }).click();
    await expect(shown.getByRole('button', { name: 'Copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
    const servers = `${new URL(baseURL ?? '').origin}/api/customer/${ownCustomer.id}/servers`;
    await expect(form.getByRole('figure', { name: 'Try it' }).locator('code')).toHaveText(
      `curl -H "Authorization: Bearer ${token}" ${servers}`,
    );
    await form.getByRole('button', { name: 'Done' }).click();
    await expect(dialog(page)).toHaveCount(0);
    // Once its dialog has closed the token is nowhere on the page.
    await expect(page.getByText(token)).toHaveCount(0);

    const row = main(page).getByRole('row', { name: /CI sync/ });
    await expect(row.getByRole('list', { name: 'Scopes of CI sync' })).toHaveText('Read servers');
    await expect(row).toContainText(`by ${ownCustomer.manager.email}`);
    await expect(row).toContainText('Never');

    const called = await request.get(servers, { headers: bearer(token) });
    expect(called.status(), await called.text()).toBe(200);

    await page.reload();
    await expect(row).not.toContainText('Never');
    // Made, expires and last used, with the address the call came from.
    await expect(row.locator('time')).toHaveCount(3);
    await expect(row).toContainText(/\d+\.\d+\.\d+\.\d+|::/);

    // Revoking asks first; Escape leaves it, and focus goes back to the button that asked.
    const revoke = row.getByRole('button', { name: 'Revoke CI sync' });
    await revoke.click();
    await expect(dialog(page).getByRole('heading', { name: 'Revoke the token “CI sync”?' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toHaveCount(0);
    await expect(revoke).toBeFocused();
    await revoke.click();
    await dialog(page).getByRole('button', { name: 'Revoke token' }).click();
    await expect(dialog(page)).toHaveCount(0);
    await expect(main(page).getByRole('heading', { name: 'No API tokens yet' })).toBeVisible();
    expect((await request.get(servers, { headers: bearer(token) })).status()).toBe(401);

    await page.goto('/customer/activity?kind=api_tokens');
    const activity = main(page).getByRole('table');
    await expect(activity.getByRole('rowheader', { name: 'Made API token “CI sync”' })).toBeVisible();
    await expect(activity.getByRole('rowheader', { name: 'Revoked API token “CI sync”' })).toBeVisible();
  });

  test('the server’s refusal of a field comes back under that field', async ({ page, ownCustomer }) => {
    await ownCustomer.signInAsManager(page);
    await page.goto('/customer/api-tokens');
    // The browser checks with the server's own rules, so a lifetime only the server would see is
    // put into the request on its way; the answer is the server's.
    const tokens = `**/api/customer/${ownCustomer.id}/api-tokens`;
    await page.route(tokens, (route) =>
      route.request().method() === 'POST'
        ? route.continue({
            postData: JSON.stringify({ ...route.request().postDataJSON(), expires_in_days: 400 }),
          })
        : route.fallback(),
    );
    const form = await fillNewToken(page, 'Too long lived');
    await form.getByRole('button', { name: 'Make token' }).click();
    const days = form.getByRole('spinbutton', { name: 'Days until it expires' });
    await expect(days).toHaveAttribute('aria-invalid', 'true');
    await expect(days).toHaveAccessibleDescription(/A token lasts at most 365 days/);

    await page.unroute(tokens);
    await form.getByRole('button', { name: 'Make token' }).click();
    await expect(form.getByRole('heading', { name: 'Copy your new token “Too long lived”' })).toBeVisible();
  });

  test('the API and its activity: a token’s writes are listed and the export holds them', async ({
    page,
  }) => {
    await signIn(page, MANAGER);
    await page.goto('/customer/activity?kind=api_tokens');
    const activity = main(page).getByRole('table');
    await expect(
      activity.getByRole('rowheader', {
        name: 'API token “Change calendar” called POST /api/customer/acmecorp/service-window/exemptions (200)',
      }),
    ).toBeVisible();
    await expect(activity.getByRole('rowheader', { name: 'Made API token “Inventory sync”' })).toBeVisible();

    const from = new Date(Date.now() - 200 * 24 * 3_600_000).toISOString().slice(0, 10);
    await main(page).getByLabel('From').fill(from);
    await expect(page).toHaveURL(new RegExp(`from=${from}`));
    const jsonLines = main(page).getByRole('link', { name: 'Export JSON Lines' });
    const href = (await jsonLines.getAttribute('href')) ?? '';
    expect(href).toMatch(/^\/api\/customer\/acmecorp\/activity\/export\?from=[^&]+&format=jsonl$/);
    const exported = await page.request.get(href);
    expect(exported.status()).toBe(200);
    const events = (await exported.text())
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { action: string; api_token: string | null; at: string });
    expect(events.find((event) => event.action === 'api_token.write')?.api_token).toBe('Change calendar');
    // Every kind, not only the kind the list shows, from the day chosen on.
    expect(events.some((event) => event.action === 'sign_in')).toBe(true);
    expect(events.every((event) => event.at.slice(0, 10) >= from)).toBe(true);

    const csv = await page.request.get(
      (await main(page).getByRole('link', { name: 'Export CSV' }).getAttribute('href')) ?? '',
    );
    expect(csv.status()).toBe(200);
    expect((await csv.text()).split('\n')[0]).toContain('api_token');
  });

  test('a failed load says so with Retry, not loading or empty, and Retry brings the list', async ({
    page,
  }) => {
    await signIn(page, MANAGER);
    let failing = true;
    await page.route('**/api/customer/acmecorp/api-tokens', (route) =>
      failing && route.request().method() === 'GET'
        ? route.fulfill({ status: 500, json: { error: 'internal', message: 'Boom' } })
        : route.fallback(),
    );
    await page.goto('/customer/api-tokens');
    const failed = main(page).locator('[data-state="failed"]');
    await expect(failed).toContainText('Could not load the API tokens', { timeout: 15_000 });
    await expect(main(page).locator('[data-state="empty"], [data-state="loading"]')).toHaveCount(0);
    await expect(main(page).getByText('No API tokens yet')).toHaveCount(0);
    failing = false;
    await failed.getByRole('button', { name: 'Retry' }).click();
    await expect(main(page).getByRole('rowheader', { name: 'Inventory sync' })).toBeVisible();
  });

  for (const width of [1366, 390]) {
    test(`fits ${width} px without sideways scrolling, works by keyboard and has no WCAG AA violation`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await signIn(page, MANAGER);
      await page.goto('/customer/api-tokens');
      await expect(main(page).getByText('Expires in 5 days')).toBeVisible();
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
      expect(await inBothSchemes(page)).toEqual({ light: [], dark: [] });

      // By keyboard: the dialog opens on Enter with focus in its first field, and Escape gives it back.
      const create = main(page).getByRole('button', { name: 'New token' });
      await create.focus();
      await page.keyboard.press('Enter');
      const form = dialog(page);
      await expect(form.getByRole('textbox', { name: 'Name' })).toBeFocused();
      await page.keyboard.type('Phone sync');
      await page.keyboard.press('Tab');
      await expect(form.getByRole('checkbox', { name: /^Read servers/ })).toBeFocused();
      await page.keyboard.press('Space');
      await expect(form.getByRole('checkbox', { name: /^Read servers/ })).toBeChecked();
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
      expect(await inBothSchemes(page)).toEqual({ light: [], dark: [] });
      await page.keyboard.press('Escape');
      await expect(dialog(page)).toHaveCount(0);
      await expect(create).toBeFocused();
    });
  }

  test('is in Danish for a Danish reader', async ({ page, ownCustomer }) => {
    await ownCustomer.signInAsManager(page);
    const changed = await page.context().request.patch('/api/user/me', {
      data: { language: 'da' },
      headers: { 'x-xsrf-token': await xsrfToken(page) },
    });
    expect(changed.ok()).toBe(true);
    await page.goto('/customer/api-tokens');
    await expect(main(page).getByRole('heading', { name: 'API-tokens', level: 1 })).toBeVisible();
    await expect(main(page).getByRole('heading', { name: 'Ingen API-tokens endnu' })).toBeVisible();
    await expect(sidebarLabels(page).filter({ hasText: 'API-tokens' })).toHaveCount(1);
    await main(page).getByRole('button', { name: 'Nyt token' }).click();
    await expect(dialog(page).getByRole('heading', { name: 'Nyt API-token' })).toBeVisible();
    await expect(dialog(page).getByRole('checkbox', { name: /^Læse servere/ })).toBeVisible();
    await dialog(page).getByRole('button', { name: 'Opret token' }).click();
    await expect(dialog(page).getByText('Giv tokenet et navn')).toBeVisible();
    await expect(dialog(page).getByText('Vælg, hvad tokenet må')).toBeVisible();
  });

  test('staff see a customer’s tokens but cannot make one, and are told why', async ({ page }) => {
    await signIn(page, ADMIN);
    await page.goto('/customer/api-tokens');
    await expect(main(page).getByRole('heading', { name: 'Choose a customer' })).toBeVisible();
    await chooseCustomer(page, 'Acme Corp');
    await expect(main(page).getByRole('rowheader', { name: 'Inventory sync' })).toBeVisible();
    const create = main(page).getByRole('button', { name: 'New token' });
    await expect(create).toBeDisabled();
    await expect(create).toHaveAccessibleDescription(/Staff can list and revoke a customer's tokens/);
    await expect(main(page).getByRole('button', { name: 'Revoke Inventory sync' })).toBeVisible();
    // The server refuses it anyway, whatever the page offers.
    const refused = await page.request.post('/api/customer/acmecorp/api-tokens', {
      data: { name: 'Staff token', scopes: ['servers:read'] },
      headers: { 'x-xsrf-token': await xsrfToken(page) },
    });
    expect(refused.status()).toBe(403);
  });

  test('a customer user without the role has no API tokens entry and is refused', async ({ page }) => {
    await signIn(page, 'user@acme.example');
    await page.goto('/user/settings');
    await expect(sidebarLabels(page).filter({ hasText: 'Settings' })).toHaveCount(1);
    await expect(sidebarLabels(page).filter({ hasText: 'API tokens' })).toHaveCount(0);
    await page.goto('/customer/api-tokens');
    await expect(
      main(page)
        .getByText(/not allowed|do not have access/i)
        .first(),
    ).toBeVisible();
    expect((await page.request.get('/api/customer/acmecorp/api-tokens')).status()).toBe(403);
  });
});
