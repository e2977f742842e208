import { expect, test } from '../support/own-customer';
import { signIn } from '../support/portal';

test.describe('role configuration through a change request', () => {
  test('a role with settings goes from the configuration form through review and merge onto the server', async ({
    page,
    ownCustomer,
  }) => {
    // A server with no roles yet.
    const server = await ownCustomer.addServer('vpn-01');
    await ownCustomer.signInAsManager(page);
    await page.goto(`/user/servers/configuration?server=${server}`);
    await expect(page.getByRole('heading', { name: `Configuration of ${server}` })).toBeVisible();
    await expect(page.getByText('No roles yet.')).toBeVisible();
    await page.getByRole('link', { name: 'Change roles and settings' }).click();

    await expect(page).toHaveURL(
      new RegExp(`new-role-configuration\\?server=${server.replace('.', '\\.')}$`),
    );
    await page.getByRole('checkbox', { name: 'Redis cache' }).check();
    // A monitoring role runs alone: it can't be ticked next to Redis, and the form says why.
    await expect(page.getByRole('checkbox', { name: 'Monitoring server' })).toBeDisabled();
    await expect(
      page.getByText(
        "Monitoring server is a monitoring role and runs alone, so it can't be combined with another role.",
      ),
    ).toBeVisible();

    const settings = page.locator('section', {
      has: page.getByRole('heading', { name: 'Redis cache: settings' }),
    });
    await expect(settings.getByRole('group', { name: 'Performance' })).toBeVisible();
    await settings.getByLabel('Memory ceiling (MB)').fill('99999999');
    await settings.getByLabel('Client password').fill('sessions-s3cret');
    await expect(settings.getByLabel('Client password')).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Open change request' }).click();
    await expect(page.getByText('Enter a number from 16 to 262144', { exact: true })).toBeVisible();
    // One message says what is wrong, and nothing else beside it.
    await expect(
      page.getByRole('alert').filter({ hasText: 'Memory ceiling (MB): Enter a number from 16 to 262144.' }),
    ).toBeVisible();
    await expect(page.getByText('Nothing to change')).toHaveCount(0);
    await expect(settings.getByLabel('Memory ceiling (MB)')).toBeFocused();

    await settings.getByLabel('Memory ceiling (MB)').fill('1024');
    await page.getByLabel('Title').fill('Session cache on the VPN gateway');
    await page.getByRole('button', { name: 'Open change request' }).click();

    await expect(page.getByRole('heading', { name: /^Change request #\d+ opened$/ })).toBeVisible();
    await expect(page.locator('ins', { hasText: 'redis::maxmemory_mb: 1024' })).toBeVisible();
    // The secret reaches the diff only as the mask.
    await expect(page.getByText('sessions-s3cret')).toHaveCount(0);
    await page.getByRole('link', { name: /^Review change request #\d+$/ }).click();

    await expect(page.getByRole('heading', { name: /Session cache on the VPN gateway/ })).toBeVisible();
    const summary = page.getByRole('definition');
    await expect(summary.getByText('Open', { exact: true })).toBeVisible();
    await expect(page.locator('ins', { hasText: '- redis' })).toBeVisible();
    await expect(page.locator('del', { hasText: 'roles: []' })).toBeVisible();

    await page.getByRole('button', { name: 'Merge', exact: true }).click();
    const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
    await expect(dialog).toContainText(`becomes ${server}'s live configuration`);
    await dialog.getByRole('button', { name: 'Merge', exact: true }).click();
    await expect(summary.getByText('Merged', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Merge', exact: true })).toHaveCount(0);

    await page.goto(`/user/servers/configuration?server=${server}`);
    await expect(page.getByRole('heading', { name: 'Redis cache', level: 3 })).toBeVisible();
    await expect(page.getByText('Set (hidden)')).toBeVisible();
    await page.goto(`/user/servers/${server}`);
    await expect(page.getByText('Redis cache', { exact: true })).toBeVisible();
  });

  test('the list shows each request with its state, and a closed one stays closed', async ({
    page,
    ownCustomer,
  }) => {
    await ownCustomer.addTag('staging');
    await ownCustomer.signInAsManager(page);
    await page.goto('/user/servers/new-role-configuration?tag=staging');
    await page.getByRole('checkbox', { name: 'HAProxy load balancer' }).check();
    await page.getByRole('button', { name: 'Open change request' }).click();
    const opened = page.getByRole('heading', { name: /^Change request #\d+ opened$/ });
    await expect(opened).toBeVisible();
    const number = (await opened.textContent())?.match(/#(\d+)/)?.[1];

    await page.goto('/user/servers/merge-request?status=open');
    const row = page.getByRole('row', { name: new RegExp(`#${number}\\b`) });
    await expect(row).toContainText('Tag staging');
    await expect(row).toContainText(ownCustomer.manager.name);
    await row.getByRole('link').click();

    await page.getByRole('button', { name: 'Close without merging' }).click();
    await page
      .getByRole('alertdialog')
      .or(page.getByRole('dialog'))
      .getByRole('button', { name: 'Close change request' })
      .click();
    await expect(page.getByRole('definition').getByText('Closed', { exact: true })).toBeVisible();

    await page.goto('/user/servers/merge-request?status=closed');
    await expect(page.getByRole('row', { name: new RegExp(`#${number}\\b`) })).toBeVisible();
  });

  test('a plain customer user reads change requests but cannot merge or close them', async ({ page }) => {
    await signIn(page, 'user@acme.example');
    await page.goto('/user/servers/merge-request?status=open');
    await page.getByRole('row').nth(1).getByRole('link').click();
    await expect(
      page.getByText('Customer managers and staff merge or close change requests; you can read this one.'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Merge', exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Close without merging' })).toHaveCount(0);
  });

  test("acme's manager sees nothing of globex's configuration", async ({ page }) => {
    await signIn(page, 'manager@acme.example');
    await page.goto('/user/servers/configuration?server=gx-db-01.globexco');
    await expect(page.getByRole('heading', { name: 'No server called “gx-db-01.globexco”' })).toBeVisible();
    await expect(page.getByText('mariadb')).toHaveCount(0);
    await page.goto('/user/servers/configuration?tag=Operations');
    await expect(page.getByRole('heading', { name: 'No tag called “Operations”' })).toBeVisible();
  });
});
