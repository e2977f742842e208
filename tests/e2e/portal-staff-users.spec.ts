import { expect, type Page, test } from '@playwright/test';
import { mailDir } from '../support/e2e-server';
import { formReady } from '../support/forms';
import { sidebarLabels, signIn, xsrfToken } from '../support/portal';
import { linkIn, waitForMail } from '../support/smtp-capture';

const MASTER = 'master@tidewatch.example';
const SHOTS = 'tests/test-results';

async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await formReady(page, 'login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

test.describe('staff users', () => {
  test('the master invites a colleague as time-registration reader, who signs in and sees what a reader sees; a role change, then a deactivation that locks them out', async ({
    page,
    browser,
  }) => {
    const stamp = Date.now();
    const name = `Lene Reader ${stamp}`;
    const address = `lene-${stamp}@tidewatch.example`;
    const password = 'ledger lines at low tide';
    await signIn(page, MASTER);
    await page.goto('/user/servers');
    await expect(sidebarLabels(page).filter({ hasText: 'Staff users' })).toHaveCount(1);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Staff users' }).click();
    await expect(page.getByRole('heading', { name: 'Staff users', level: 1 })).toBeVisible();
    await expect(page.getByRole('rowheader', { name: /Karen Juhl/ })).toBeVisible();
    // A master cannot deactivate themselves: their own row offers no such action.
    await expect(page.getByRole('button', { name: 'Deactivate Jonas Friis' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Invite a user' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel('User manager')).toHaveCount(0);
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Email').fill(address);
    await dialog.getByLabel('Admin', { exact: true }).check();
    await dialog.getByLabel('Time registration reader').check();
    const asked = Date.now();
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(page.getByRole('status').filter({ hasText: address })).toBeVisible();
    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText('Invited');
    await expect(row).toContainText('Time registration reader');

    const mail = await waitForMail(mailDir(), address, { after: asked });
    expect(mail.subject).toBe('Jonas Friis invited you to Tidewatch Admin on Tidewatch');
    const link = linkIn(mail, '/set-password');
    const colleague = await (await browser.newContext()).newPage();
    await colleague.goto(link.pathname + link.search);
    await formReady(colleague, 'set-password');
    await colleague.getByLabel('New password').fill(password);
    await colleague.getByRole('button', { name: 'Set password' }).click();
    await expect(colleague.getByRole('status')).toContainText('Password Set Successfully');
    await logIn(colleague, address, password);
    await expect(colleague).toHaveURL(/\/user\/servers$/);
    await expect(sidebarLabels(colleague).filter({ hasText: 'Employee Overview' })).toHaveCount(1);
    await expect(sidebarLabels(colleague).filter({ hasText: 'Staff users' })).toHaveCount(0);
    await colleague.goto('/admin/staff');
    await expect(colleague.getByRole('button', { name: 'Invite a user' })).toHaveCount(0);
    expect((await colleague.context().request.get('/api/staff')).status()).toBe(403);

    await page.getByRole('searchbox', { name: 'Search', exact: true }).fill(address);
    await expect(row).toContainText('Active');
    await page.getByRole('button', { name: `Change the roles of ${name}` }).click();
    await page.getByRole('dialog').getByLabel('Technical account manager').check();
    await page.getByRole('dialog').getByRole('button', { name: 'Save roles' }).click();
    await expect(row).toContainText('Technical account manager');

    await page.getByRole('button', { name: `Deactivate ${name}` }).click();
    const confirm = page.getByRole('alertdialog').or(page.getByRole('dialog'));
    await expect(confirm).toContainText('signed out everywhere at once');
    await confirm.getByRole('button', { name: 'Deactivate' }).click();
    await expect(row).toContainText('Deactivated');

    // Their session is gone, and signing in again is refused.
    await colleague.reload();
    await expect(colleague).toHaveURL(/\/login/);
    await logIn(colleague, address, password);
    await expect(colleague.getByText('Unauthorised')).toBeVisible();
    await expect(colleague).toHaveURL(/\/login/);
  });

  test('the page in Danish, at desktop and phone widths, and nobody but the master gets in', async ({
    page,
  }) => {
    await signIn(page, MASTER);
    const headers = { 'x-xsrf-token': await xsrfToken(page) };
    await page.context().request.patch('/api/user/me', { data: { language: 'da' }, headers });
    try {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto('/admin/staff');
      await expect(page.getByRole('heading', { name: 'Medarbejdere', level: 1 })).toBeVisible();
      await expect(page.getByText('Kun mastere ser denne side.')).toBeVisible();
      await expect(page.getByRole('rowheader', { name: /Karen Juhl/ })).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/staff-users-desktop.png`, fullPage: true });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.reload();
      await expect(page.getByRole('rowheader', { name: /Karen Juhl/ })).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/staff-users-phone.png`, fullPage: true });
    } finally {
      await page.context().request.patch('/api/user/me', { data: { language: 'en' }, headers });
    }

    await page.context().clearCookies();
    // At desktop width the sidebar is on the page; on a phone it waits in the closed menu drawer.
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, 'reader@tidewatch.example');
    await page.goto('/user/servers');
    await expect(sidebarLabels(page).filter({ hasText: 'Employee Overview' })).toHaveCount(1);
    await expect(sidebarLabels(page).filter({ hasText: 'Staff users' })).toHaveCount(0);
    await page.goto('/admin/staff');
    await expect(page.getByRole('table')).toHaveCount(0);
  });
});
