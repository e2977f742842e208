import { expect, test } from '../support/own-customer';
import { signIn } from '../support/portal';

test.describe('clusters', () => {
  test('the list and a detail show provider, versions, scaling, plan and tags', async ({ page }) => {
    await signIn(page, 'manager@acme.example');
    await page.goto('/user/clusters');
    const row = page.getByRole('row', { name: /shop-prod\.acmecorp/ });
    await expect(row).toContainText('Hetzner');
    await expect(row).toContainText('Workload');
    await expect(row).toContainText('Gold');
    await page.getByLabel('Provider').selectOption({ label: 'Bare metal' });
    await expect(page.getByRole('row', { name: /office-vpn\.acmecorp/ })).toBeVisible();
    await expect(page.getByRole('row', { name: /shop-prod\.acmecorp/ })).toHaveCount(0);

    await page.getByRole('link', { name: 'office-vpn.acmecorp' }).click();
    await expect(page).toHaveURL(/cluster=office-vpn\.acmecorp/);
    await expect(page.getByRole('definition').filter({ hasText: 'VPN' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Node groups' })).toBeVisible();
    await page.getByRole('link', { name: 'All clusters' }).click();
    await expect(page.getByRole('row', { name: /data-platform\.acmecorp/ })).toBeVisible();
  });

  test('adding a cluster yields a bootstrap token to copy, and the dialog tells when the cluster reports in', async ({
    page,
    context,
    ownCustomer,
  }) => {
    const customer = ownCustomer.id;
    await ownCustomer.addTag('production');
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await ownCustomer.signInAsManager(page);
    await page.goto('/user/clusters');
    await page.getByRole('button', { name: 'Add cluster' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('edge-eu');
    await expect(dialog.getByText(`Certname edge-eu.${customer}`)).toBeVisible();
    await dialog.getByLabel('Provider').selectOption({ label: 'Hetzner' });
    await dialog.getByRole('combobox', { name: 'Plan', exact: true }).selectOption({ label: 'Silver' });
    await dialog.getByLabel('Kubernetes version').fill('1.33');
    await dialog.getByRole('button', { name: 'Add node group' }).click();
    await dialog.getByLabel('Group 2 name').fill('gpu');
    await dialog.getByLabel('Minimum nodes').nth(1).fill('4');
    await dialog.getByLabel('Maximum nodes').nth(1).fill('2');
    await dialog.getByRole('button', { name: 'Add cluster' }).click();
    await expect(dialog.getByText('The minimum cannot be above the maximum')).toBeVisible();
    await dialog.getByLabel('Maximum nodes').nth(1).fill('8');
    await dialog.getByRole('checkbox', { name: 'production' }).check();
    await dialog.getByRole('button', { name: 'Add cluster' }).click();

    await expect(dialog.getByRole('heading', { name: 'Cluster edge-eu added' })).toBeVisible();
    const token = dialog.getByRole('figure', { name: 'Bootstrap token' });
    await token.getByRole('button', { name: 'Copy' }).click();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied.length).toBeGreaterThan(20);
    await expect(dialog.getByRole('figure', { name: 'Bootstrap command' })).toContainText(copied);
    await expect(dialog.getByText("Waiting for the suite's operator")).toBeVisible();

    // The suite's operator redeems the token, as it would from inside the cluster.
    const bootstrap = await page.request.post('/api/agent/cluster/bootstrap', {
      headers: { authorization: `Bearer ${copied}` },
      data: {
        customer_id: customer,
        report: { kubernetes_version: 'v1.33.1', suite_version: '2.8.1', node_count: 3 },
      },
    });
    expect(bootstrap.ok()).toBe(true);
    await expect(dialog.getByText('The cluster reported in: 3 nodes on Kubernetes 1.33.1.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Done, show the cluster' }).click();

    await expect(page).toHaveURL(new RegExp(`cluster=edge-eu\\.${customer}`));
    await expect(page.getByRole('definition').filter({ hasText: 'Active' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Node groups' }).getByRole('row')).toHaveCount(3);
  });

  test("a manager changes a cluster's plan and tags; both are kept", async ({ page, ownCustomer }) => {
    const customer = ownCustomer.id;
    await ownCustomer.addTag('staging');
    await ownCustomer.addTag('production');
    const created = await ownCustomer.staff.post(`/api/customer/${customer}/clusters`, {
      data: { name: 'edit-me', type: 'workload', provider: 'aws', plan: 'bronze' },
    });
    expect(created.ok()).toBe(true);
    await ownCustomer.signInAsManager(page);
    await page.goto(`/user/clusters?cluster=edit-me.${customer}`);

    await page.getByRole('combobox', { name: 'Plan' }).selectOption({ label: 'Gold' });
    await page.getByRole('button', { name: 'Save plan' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Change plan' }).click();
    await expect(page.getByText('Plan saved')).toBeVisible();

    await page.getByRole('combobox', { name: 'Add a tag' }).selectOption('staging');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('combobox', { name: 'Add a tag' }).selectOption('production');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('button', { name: 'Move production up' }).click();
    await page.getByRole('button', { name: 'Save tags' }).click();
    await expect(page.getByText('Tags saved')).toBeVisible();

    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Plan' })).toHaveValue('gold');
    await expect(page.getByRole('listitem').filter({ hasText: /^(production|staging)$/ })).toHaveText([
      'production',
      'staging',
    ]);
    await page.getByRole('link', { name: 'All clusters' }).click();
    await expect(page.getByRole('row', { name: `edit-me.${customer}` })).toContainText('Gold');
  });

  test('a plain customer user cannot add a cluster', async ({ page }) => {
    await signIn(page, 'user@acme.example');
    await page.goto('/user/clusters');
    await expect(page.getByRole('row', { name: /shop-prod\.acmecorp/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add cluster' })).toHaveCount(0);
    await page.getByRole('link', { name: 'shop-prod.acmecorp' }).click();
    await expect(page.getByRole('definition').filter({ hasText: 'Gold' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save plan' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Save tags' })).toHaveCount(0);
  });
});

test.describe('features', () => {
  test('a manager switches a feature for all servers and for a tag; the switches keep their state', async ({
    page,
    ownCustomer,
  }) => {
    await ownCustomer.addTag('staging');
    await ownCustomer.signInAsManager(page);
    await page.goto('/customer/features');
    const all = page.getByRole('switch', { name: 'Log shipping for all servers' });
    await expect(all).toHaveAttribute('aria-checked', 'false');
    await all.click();
    await expect(all).toHaveAttribute('aria-checked', 'true');

    const card = page.locator('section', { has: page.getByRole('heading', { name: 'Log shipping' }) });
    await card.getByLabel('Set differently for a tag').selectOption('staging');
    await card.getByRole('button', { name: 'Add' }).click();
    const staging = page.getByRole('switch', { name: 'Log shipping for staging' });
    await expect(staging).toHaveAttribute('aria-checked', 'false');

    await page.reload();
    await expect(page.getByRole('switch', { name: 'Log shipping for all servers' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await expect(staging).toHaveAttribute('aria-checked', 'false');
    await page.getByRole('button', { name: 'Remove the Log shipping setting for staging' }).click();
    await expect(staging).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Log shipping for all servers' })).toBeVisible();
    await expect(staging).toHaveCount(0);
  });

  test('a plain customer user sees the switches but cannot flip them', async ({ page }) => {
    await signIn(page, 'user@acme.example');
    await page.goto('/customer/features');
    await expect(
      page.getByText('You can see these settings; customer managers can change them.'),
    ).toBeVisible();
    await expect(page.getByRole('switch', { name: 'Monitoring for all servers' })).toBeDisabled();
  });
});
