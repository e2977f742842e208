import { violations } from '../support/axe';
import { expect, test } from '../support/own-customer';
import { xsrfToken } from '../support/portal';

test.describe('mail choices in settings', () => {
  test('each kind of mail turns off and on, by keyboard, and stays so', async ({ page, ownCustomer }) => {
    await ownCustomer.signInAsManager(page);
    await page.goto('/user/settings');
    const spend = page.getByRole('switch', { name: 'Spend alerts' });
    await expect(spend).toHaveAttribute('aria-checked', 'true');
    await spend.focus();
    await page.keyboard.press('Space');
    await expect(page.getByText('Mail choices saved')).toBeVisible();
    await expect(spend).toHaveAttribute('aria-checked', 'false');
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Spend alerts' })).toHaveAttribute('aria-checked', 'false');
    await expect(page.getByRole('switch', { name: 'Invoices' })).toHaveAttribute('aria-checked', 'true');
    expect(await violations(page)).toEqual([]);
    await page.getByRole('switch', { name: 'Spend alerts' }).click();
    await expect(page.getByRole('switch', { name: 'Spend alerts' })).toHaveAttribute('aria-checked', 'true');
  });

  test('read Danish for a Danish reader, and fit a phone', async ({ page, ownCustomer }) => {
    await ownCustomer.signInAsManager(page);
    await page.setViewportSize({ width: 390, height: 844 });
    const token = await xsrfToken(page);
    const switched = await page.request.patch('/api/user/me', {
      data: { language: 'da' },
      headers: { 'x-xsrf-token': token },
    });
    expect(switched.ok()).toBe(true);
    await page.goto('/user/settings');
    await expect(page.getByRole('switch', { name: 'Forbrugsadvarsler' })).toBeVisible();
    await expect(page.getByRole('switch', { name: 'Varsler om servicevinduer' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
  });

  test('a failed load says so in the card, and the rest of settings works', async ({ page, ownCustomer }) => {
    await ownCustomer.signInAsManager(page);
    await page.route('**/api/user/me/mail-preferences', (route) =>
      route.fulfill({ status: 500, json: { error: 'Internal Server Error', message: 'Boom' } }),
    );
    await page.goto('/user/settings');
    await expect(page.getByText('Could not load your mail choices')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('button', { name: 'Save name' })).toBeVisible();
  });
});
