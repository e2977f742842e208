import type { Page } from '@playwright/test';
import { generateTotpCode } from '@tidewatch/domain';
import { sidewaysOverflow } from '../support/axe';
import { expect, test } from '../support/own-customer';
import { signIn, xsrfToken } from '../support/portal';

const main = (page: Page) => page.getByRole('main');
const dialog = (page: Page) => page.getByRole('dialog');
const securityCard = (page: Page) => page.getByTestId('sign-in-security');

/** Sets up the authenticator app on the settings page; answers its secret. */
async function enrolTotp(page: Page): Promise<string> {
  await main(page).getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  const secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
  await page.getByLabel('Code from the app').fill(generateTotpCode(secret, Date.now()));
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByTestId('recovery-codes').locator('li').first()).toBeVisible();
  await expect(page.getByTestId('recovery-codes').locator('li')).toHaveCount(10);
  await page.getByRole('button', { name: 'Done' }).click();
  return secret;
}

test.describe('two-factor sign-in a customer requires', () => {
  test('a manager requires it; whoever has no factor may only enrol, then works', async ({
    page,
    ownCustomer,
  }) => {
    await ownCustomer.signInAsManager(page);
    await page.goto('/customer/user-management');
    const card = securityCard(page);
    await expect(card.getByRole('rowheader', { name: new RegExp(ownCustomer.manager.name) })).toBeVisible();
    await card.getByRole('switch', { name: 'Require two-factor sign-in for everyone' }).click();
    await expect(dialog(page)).toContainText('1 user has no second factor yet');
    await dialog(page).getByRole('button', { name: 'Require it' }).click();
    await expect(card.getByRole('switch')).toHaveAttribute('aria-checked', 'true');

    // The manager has no factor either: from the next page on, settings is the only one.
    await page.goto('/customer/servers');
    await expect(page).toHaveURL(/\/user\/settings$/);
    await expect(page.getByTestId('enrolment-required')).toContainText('Your organisation requires');
    await expect(main(page).getByRole('heading', { name: 'Password' })).toHaveCount(0);
    await page.goto('/customer/user-management');
    await expect(page).toHaveURL(/\/user\/settings$/);
    const blocked = await page.request.get(`/api/customer/${ownCustomer.id}/servers`);
    expect(blocked.status()).toBe(403);

    // Signing in again leads to the same place.
    const again = await signIn(page, ownCustomer.manager.email, { password: ownCustomer.manager.password });
    expect((await again.json())['two-factor-enrolment-required']).toBe(true);
    await page.goto('/customer/servers');
    await expect(page).toHaveURL(/\/user\/settings$/);

    const secret = await enrolTotp(page);
    await expect(page.getByTestId('enrolment-required')).toHaveCount(0);
    await expect(page.getByTestId('recovery-codes-left')).toContainText('10 unused recovery codes');
    await page.goto('/customer/user-management');
    await expect(page).toHaveURL(/\/customer\/user-management/);
    const row = securityCard(page).getByRole('row', { name: new RegExp(ownCustomer.manager.name) });
    await expect(row.getByText('Yes')).toBeVisible();

    // Turning the only factor off is refused while it is required; turning the requirement off allows it.
    const refused = await page.request.delete('/api/auth/totp', {
      data: { password: ownCustomer.manager.password },
      headers: { 'x-xsrf-token': await xsrfToken(page) },
    });
    expect(refused.status()).toBe(409);
    await securityCard(page).getByRole('switch').click();
    await expect(securityCard(page).getByRole('switch')).toHaveAttribute('aria-checked', 'false');
    expect(secret).not.toBe('');
  });

  test('makes new recovery codes in settings, in place of the old ones', async ({ page, ownCustomer }) => {
    await ownCustomer.signInAsManager(page);
    await page.goto('/user/settings');
    await enrolTotp(page);
    const card = page.getByTestId('recovery-codes-card');
    await expect(card.getByTestId('recovery-codes-left')).toContainText('10 unused recovery codes');
    await card.getByRole('button', { name: 'Make new recovery codes' }).click();
    await expect(card.getByText('Enter your password')).toBeVisible();
    await card.getByLabel('Password').fill('not the password');
    await card.getByRole('button', { name: 'Make new recovery codes' }).click();
    await expect(card.getByText('That is not your password')).toBeVisible();
    await card.getByLabel('Password').fill(ownCustomer.manager.password);
    await card.getByRole('button', { name: 'Make new recovery codes' }).click();
    await expect(card.getByText('the old ones no longer work')).toBeVisible();
    await expect(card.getByTestId('recovery-codes').locator('li')).toHaveCount(10);
    await card.getByRole('button', { name: 'Done' }).click();
    await expect(card.getByTestId('recovery-codes-left')).toContainText('10 unused recovery codes');
  });

  test('the security card says when it could not load, and Retry brings it', async ({
    page,
    ownCustomer,
  }) => {
    await ownCustomer.signInAsManager(page);
    let failing = true;
    await page.route(`**/api/customer/${ownCustomer.id}/security`, (route) =>
      failing
        ? route.fulfill({ status: 500, json: { error: 'internal', message: 'Boom' } })
        : route.continue(),
    );
    await page.goto('/customer/user-management');
    const failed = securityCard(page).locator('[data-state="failed"]');
    await expect(failed).toContainText('Could not load the sign-in security', { timeout: 15_000 });
    failing = false;
    await page.reload();
    await expect(securityCard(page).getByRole('switch')).toBeVisible();
  });

  test('fits a 390 px screen', async ({ page, ownCustomer }) => {
    await page.setViewportSize({ width: 390, height: 900 });
    await ownCustomer.signInAsManager(page);
    await page.goto('/customer/user-management');
    await expect(securityCard(page).getByRole('switch')).toBeVisible();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await securityCard(page).getByRole('switch').click();
    await dialog(page).getByRole('button', { name: 'Require it' }).click();
    await page.goto('/user/settings');
    await expect(page.getByTestId('enrolment-required')).toBeVisible();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  });

  test('is in Danish for a Danish reader', async ({ page, ownCustomer }) => {
    await ownCustomer.signInAsManager(page);
    const changed = await page.context().request.patch('/api/user/me', {
      data: { language: 'da' },
      headers: { 'x-xsrf-token': await xsrfToken(page) },
    });
    expect(changed.ok()).toBe(true);
    await page.goto('/customer/user-management');
    const card = securityCard(page);
    await expect(card.getByRole('heading', { name: 'Login-sikkerhed' })).toBeVisible();
    await card.getByRole('switch', { name: 'Kræv totrinsgodkendelse for alle' }).click();
    await dialog(page).getByRole('button', { name: 'Kræv det' }).click();
    await page.goto('/customer/servers');
    await expect(page.getByTestId('enrolment-required')).toContainText(
      'Din organisation kræver totrinsgodkendelse',
    );
  });
});
