import { expect, type Page, test } from '@playwright/test';
import { chooseCustomer, signIn } from '../support/portal';

/** Staff look at one customer at a time: the one chosen in the header, kept across pages. */
async function chooseGlobex(page: Page, path: string) {
  await signIn(page, 'admin@tidewatch.example');
  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'Choose a customer' })).toBeVisible();
  await chooseCustomer(page, 'Globex');
}

test.describe("an admin on another customer's infrastructure pages", () => {
  test('servers: a detail they may change, the operating systems, configuration and adding a server', async ({
    page,
  }) => {
    await chooseGlobex(page, '/user/servers');
    await page.getByRole('link', { name: 'gx-db-01.globexco', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'gx-db-01.globexco', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save tags' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save plan' })).toBeVisible();

    await page.goto('/user/servers/os');
    const chart = page.getByRole('figure', { name: /Servers by operating system/ });
    await expect(chart).toContainText('Debian 11');
    await expect(chart).toContainText('Red Hat Enterprise Linux 9');
    await expect(chart).not.toContainText('CentOS');

    await page.goto('/user/servers/configuration?server=gx-db-01.globexco');
    await expect(page.getByRole('heading', { name: 'Configuration of gx-db-01.globexco' })).toBeVisible();
    await expect(page.getByText('MariaDB database').first()).toBeVisible();
    await page.getByRole('link', { name: 'Change roles and settings' }).click();
    await expect(page).toHaveURL(/new-role-configuration\?server=gx-db-01\.globexco$/);
    await expect(page.getByRole('checkbox', { name: 'MariaDB database' })).toBeChecked();
    await expect(page.getByRole('button', { name: 'Open change request' })).toBeVisible();

    await page.goto('/user/servers/add-server');
    await page.getByLabel('Name', { exact: false }).fill('gx-cache-01');
    await expect(page.getByTestId('certname-preview')).toHaveText('Certname: gx-cache-01.globexco');
  });

  test('clusters, tags, teams and feature switches', async ({ page }) => {
    await chooseGlobex(page, '/user/clusters');
    await expect(page.getByRole('row', { name: /gx-apps\.globexco/ })).toBeVisible();
    await expect(page.getByRole('row', { name: /acmecorp/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Add cluster' })).toBeVisible();

    await page.goto('/customer/teams');
    await page.getByRole('main').getByRole('link', { name: 'Operations' }).click();
    await expect(page.getByRole('heading', { name: 'Operations', level: 1 })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('gx-web-01.globexco');

    await page.goto('/customer/features');
    const monitoring = page.getByRole('switch', { name: 'Monitoring for all servers' });
    await expect(monitoring).toBeEnabled();
    await expect(monitoring).toBeChecked();
  });
});

test.describe('sorting and filtering clusters', () => {
  // Other specs add clusters of their own; the order of the three demo clusters is what is checked.
  const DEMO = ['data-platform.acmecorp', 'office-vpn.acmecorp', 'shop-prod.acmecorp'];
  const demoOrder = (page: Page) => async () =>
    (await page.getByRole('table', { name: 'Clusters' }).getByRole('rowheader').allTextContents()).filter(
      (name) => DEMO.includes(name),
    );

  test('a column header sorts both ways and the tag filter narrows the list; both live in the address', async ({
    page,
  }) => {
    await signIn(page, 'manager@acme.example');
    await page.goto('/user/clusters');
    await expect.poll(demoOrder(page)).toEqual(DEMO);
    await page.getByRole('button', { name: /^Nodes/ }).click();
    await expect(page).toHaveURL(/sort=node_count/);
    await expect
      .poll(demoOrder(page))
      .toEqual(['office-vpn.acmecorp', 'data-platform.acmecorp', 'shop-prod.acmecorp']);
    await page.getByRole('button', { name: /^Nodes/ }).click();
    await expect(page).toHaveURL(/sort=-node_count/);
    await expect
      .poll(demoOrder(page))
      .toEqual(['shop-prod.acmecorp', 'data-platform.acmecorp', 'office-vpn.acmecorp']);

    await page.getByLabel('Tag').selectOption('Data Engineering');
    const names = page.getByRole('table', { name: 'Clusters' }).getByRole('rowheader');
    await expect(names).toHaveText(['data-platform.acmecorp']);
    await page.reload();
    await expect(page.getByLabel('Tag')).toHaveValue('Data Engineering');
    await expect(names).toHaveText(['data-platform.acmecorp']);
  });
});
