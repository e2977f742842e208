import { mailDir } from '../support/e2e-server';
import { formReady } from '../support/forms';
import { expect, test } from '../support/own-customer';
import { signIn } from '../support/portal';
import { linkIn, waitForMail } from '../support/smtp-capture';

const MANAGER = 'manager@acme.example';

test.describe('user management', () => {
  test('a manager invites a person, who sets a password from the mail and signs in; then a role change and a deactivation that signs them out', async ({
    page,
    browser,
    ownCustomer,
  }) => {
    const name = 'Ingrid Invitee';
    const address = `ingrid@${ownCustomer.id}.example`;
    const password = 'tidal charts and harbour lights';
    await ownCustomer.signInAsManager(page);
    await page.goto('/customer/user-management');
    await expect(page.getByRole('heading', { name: 'User Management', level: 1 })).toBeVisible();
    // The list of people, not the sign-in security table below it, which names them too.
    const people = page.getByRole('region', { name: 'User management' });
    await expect(people.getByRole('rowheader', { name: new RegExp(ownCustomer.manager.name) })).toBeVisible();

    await page.getByRole('button', { name: 'Invite a user' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Email').fill(address);
    const asked = Date.now();
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(page.getByRole('status').filter({ hasText: address })).toBeVisible();
    await expect(people.getByRole('row', { name: new RegExp(name) })).toContainText('Invited');

    const mail = await waitForMail(mailDir(), address, { after: asked });
    expect(mail.subject).toBe(
      `${ownCustomer.manager.name} invited you to ${ownCustomer.company} on Tidewatch`,
    );
    const link = linkIn(mail, '/set-password');
    const invitee = await (await browser.newContext()).newPage();
    await invitee.goto(link.pathname + link.search);
    await formReady(invitee, 'set-password');
    // The page gives the invitation's lifetime as the mail does.
    expect(mail.text).toContain('within 7 days');
    await expect(invitee.getByText('The link from the mail works once')).toContainText(
      '7 days for an invitation',
    );
    await invitee.getByLabel('New password').fill(password);
    await invitee.getByRole('button', { name: 'Set password' }).click();
    await expect(invitee.getByRole('status')).toContainText('Password Set Successfully');
    await invitee.goto('/login');
    await formReady(invitee, 'login');
    await invitee.getByLabel('Email').fill(address);
    await invitee.getByLabel('Password').fill(password);
    await invitee.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(invitee).toHaveURL(/\/user\/servers$/);

    await page.getByRole('searchbox', { name: 'Search', exact: true }).fill(address);
    const row = people.getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText('Active');
    await page.getByRole('button', { name: `Change the roles of ${name}` }).click();
    await page.getByRole('dialog').getByLabel('User manager').check();
    await page.getByRole('dialog').getByRole('button', { name: 'Save roles' }).click();
    await expect(row).toContainText('User manager');

    await page.getByRole('button', { name: `Deactivate ${name}` }).click();
    const confirm = page.getByRole('alertdialog').or(page.getByRole('dialog'));
    await expect(confirm).toContainText('signed out everywhere at once');
    await confirm.getByRole('button', { name: 'Deactivate' }).click();
    await expect(row).toContainText('Deactivated');

    // Their next request finds the session gone.
    await invitee.reload();
    await expect(invitee).toHaveURL(/\/login/);
  });

  test('a search that matches nobody says so, and the directory lists the company', async ({ page }) => {
    await signIn(page, MANAGER);
    await page.goto('/customer/user-management?q=nobody-by-this-name');
    await expect(page.getByText('No users here')).toBeVisible();
    await expect(page.getByText('Nobody matches this search or status.')).toBeVisible();

    await page.goto('/customer/users?status=deactivated');
    await expect(page.getByRole('rowheader', { name: /Dora Keller/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Invite a user' })).toHaveCount(0);
  });

  test('a plain user is not let in', async ({ page }) => {
    await signIn(page, 'user@acme.example');
    await page.goto('/customer/user-management');
    await expect(page.getByRole('button', { name: 'Invite a user' })).toHaveCount(0);
    await expect(page.getByRole('table')).toHaveCount(0);
  });
});
