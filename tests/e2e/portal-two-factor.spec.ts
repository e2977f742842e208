import { generateTotpCode } from '@tidewatch/domain';
import { expect, test } from '../support/own-customer';
import { signIn, xsrfToken } from '../support/portal';

test('enrols in two-factor sign-in, then signs in with a code', async ({ page, ownCustomer }) => {
  // A user of the test's own customer, whom no other test signs in as while two-factor is on.
  const { email, password } = ownCustomer.manager;
  await signIn(page, email, { password });
  await page.goto('/user/settings');
  await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent()) ?? '';

  // Leaving the field for the authenticator app, before typing, is no mistake; Turn on with nothing is.
  await page.getByLabel('Code from the app').focus();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Code from the app')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Enter the 6-digit code from your authenticator app')).toHaveCount(0);
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByText('Enter the 6-digit code from your authenticator app')).toBeVisible();

  await page.getByLabel('Code from the app').fill('000000');
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByText('That code is not right')).toBeVisible();

  await page.getByLabel('Code from the app').fill(generateTotpCode(secret, Date.now()));
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByTestId('recovery-codes').locator('li')).toHaveCount(10);
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText('On', { exact: true })).toBeVisible();

  try {
    const withoutCode = await signIn(page, email, { password });
    expect(withoutCode.status()).toBe(401);
    expect((await withoutCode.json()).fieldErrors).toHaveProperty('code');
    // The code used to confirm may not be used again: take the next time step's.
    const withCode = await signIn(page, email, {
      password,
      code: generateTotpCode(secret, Date.now() + 30_000),
    });
    expect(withCode.status()).toBe(200);
  } finally {
    await page.context().request.delete('/api/auth/totp', {
      data: { password },
      headers: { 'x-xsrf-token': await xsrfToken(page) },
    });
  }
});
