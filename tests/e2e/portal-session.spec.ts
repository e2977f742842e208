import { expect, test } from '@playwright/test';
import { formReady } from '../support/forms';
import { DEMO_PASSWORD, signIn, userMenuEntries, xsrfToken } from '../support/portal';

test.describe('impersonation', () => {
  test('an admin starts and stops acting as a customer user, with the notices and the banner', async ({
    page,
  }) => {
    await signIn(page, 'admin@tidewatch.example');
    await page.goto('/admin/impersonate');
    await page.getByLabel('Search customers').fill('acme');
    await page.getByRole('radio', { name: /Acme Corp/ }).check();
    await page.getByRole('radio', { name: /user@acme\.example/ }).check();
    await page.getByLabel('Reason').fill('Ticket 4711: cannot find the invoices');
    await page.getByRole('button', { name: 'Start impersonating' }).click();

    await expect(page.getByText('Impersonation success')).toBeVisible();
    const banner = page.getByTestId('impersonation-banner');
    await expect(banner).toContainText('Grace Hopper');
    await expect(banner).toContainText('Acme Corp');
    expect(await userMenuEntries(page)).toEqual([
      'Dashboard',
      'Settings',
      'Remove Impersonation',
      'API reference',
      'Logout',
    ]);

    // While impersonating, the account holder's security settings are out of reach.
    await page.goto('/user/settings');
    await expect(page.getByText('Only the account holder can change the password')).toBeVisible();

    await banner.getByRole('button', { name: 'Stop impersonating' }).click();
    await expect(page.getByText('Stopped Impersonating')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/impersonate$/);
    await expect(page.getByTestId('impersonation-banner')).toHaveCount(0);
    expect(await userMenuEntries(page)).toEqual([
      'Dashboard',
      'Settings',
      'User Management',
      'Impersonate',
      'API reference',
      'Logout',
    ]);
  });

  test('asks for a reason before starting', async ({ page }) => {
    await signIn(page, 'admin@tidewatch.example');
    await page.goto('/admin/impersonate');
    await page.getByRole('radio', { name: /Globex/ }).check();
    await page.getByRole('radio', { name: /manager@globex\.example/ }).check();
    await page.getByRole('button', { name: 'Start impersonating' }).click();
    await expect(page.getByText('Say why you need to act as this user')).toBeVisible();
  });
});

test.describe('session', () => {
  test('a session ended on the server gives the notice and the sign-in page', async ({ page }) => {
    await signIn(page, 'user@acme.example');
    await page.goto('/user/settings');
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
    // End the session behind the page's back, as an expiry on the server would.
    await page.context().request.delete('/api/auth', { headers: { 'x-xsrf-token': await xsrfToken(page) } });
    await page.getByRole('button', { name: 'Save name' }).click();
    await expect(page.getByText('Session Expired')).toBeVisible();
    await expect(page.getByText('Log in again')).toBeVisible();
    await expect(page).toHaveURL(/\/login\?next=%2Fuser%2Fsettings$/);
    // A local-storage reset: the session's slices are gone, the notifications stay.
    expect(await page.evaluate(() => localStorage.getItem('tidewatch:user'))).toBeNull();
  });

  test('a session ended from another browser gives the notice, and signing in again works', async ({
    page,
    browser,
    baseURL,
  }) => {
    const email = 'manager@globex.example';
    await signIn(page, email);
    await page.goto('/user/settings');
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();

    const elsewhere = await browser.newContext({ baseURL });
    try {
      const phone = await elsewhere.newPage();
      await signIn(phone, email);
      const signedOut = await elsewhere.request.delete('/api/auth/sessions', {
        headers: { 'x-xsrf-token': await xsrfToken(phone) },
      });
      expect(signedOut.status()).toBe(204);
    } finally {
      await elsewhere.close();
    }

    await page.getByRole('button', { name: 'Save name' }).click();
    await expect(page.getByText('Session Expired')).toBeVisible();
    await expect(page).toHaveURL(/\/login\?next=%2Fuser%2Fsettings$/);
    await formReady(page, 'login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page).toHaveURL(/\/user\/settings$/);
    await expect(page.getByTestId('user-menu')).toBeVisible();
  });

  test('logout ends the session and goes to /login', async ({ page }) => {
    await signIn(page, 'user@acme.example');
    await page.goto('/user/settings');
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect((await page.context().request.get('/api/auth')).status()).toBe(401);
  });

  test('a sign-out the server does not confirm says so, keeps the session, and can be tried again', async ({
    page,
  }) => {
    await signIn(page, 'user@acme.example');
    await page.goto('/user/settings');
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
    const logoutCall = '**/api/auth/logout';
    await page.route(logoutCall, (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'Service Unavailable', message: 'The database is not reachable' }),
      }),
    );
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();

    const dialog = page.getByRole('dialog', { name: 'Signing out failed' });
    await expect(dialog).toContainText('so you are still signed in');
    await expect(dialog).toContainText('The database is not reachable');
    await expect(page).toHaveURL(/\/user\/settings$/);
    expect(await page.evaluate(() => localStorage.getItem('tidewatch:user'))).not.toBeNull();
    expect((await page.context().request.get('/api/auth')).status()).toBe(200);

    // No answer at all is a failure too.
    await page.unroute(logoutCall);
    await page.route(logoutCall, (route) => route.abort('connectionrefused'));
    await dialog.getByRole('button', { name: 'Try again' }).click();
    await expect(dialog.getByRole('button', { name: 'Try again' })).toBeEnabled();
    await expect(dialog).toContainText('so you are still signed in');
    await expect(page).toHaveURL(/\/user\/settings$/);

    await page.unroute(logoutCall);
    await dialog.getByRole('button', { name: 'Try again' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect((await page.context().request.get('/api/auth')).status()).toBe(401);
  });
});

test.describe('toasts', () => {
  test('at most four show at once', async ({ page }) => {
    await signIn(page, 'manager@globex.example');
    await page.goto('/user/settings');
    const save = page.getByRole('button', { name: 'Save name' });
    for (let click = 0; click < 6; click++) {
      await save.click();
      await expect(save).toBeEnabled();
    }
    await expect(page.getByText('Profile saved')).toHaveCount(4);
  });
});
