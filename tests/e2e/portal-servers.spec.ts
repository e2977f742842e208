import type { Page } from '@playwright/test';
import { violations } from '../support/axe';
import { expect, test } from '../support/own-customer';
import { chooseCustomer, signIn } from '../support/portal';

const serverTable = (page: Page) => page.getByRole('table', { name: 'Servers' });
/** The certnames of the rows shown, top to bottom. */
const certnames = (page: Page) => serverTable(page).locator('tbody th[scope="row"]');
/** Waits until the list shows the page asked for, not the last one dimmed while it loads. */
const settled = (page: Page) => expect(serverTable(page)).not.toHaveAttribute('aria-busy', 'true');
const summary = (page: Page) => page.getByRole('navigation', { name: 'Server list pages' }).locator('p');

test.describe('the server list, as a customer manager', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'manager@acme.example');
  });

  test("shows the customer's own servers only, and opens a server", async ({ page }) => {
    await page.goto('/user/servers');
    await expect(page.getByRole('heading', { name: 'Servers', level: 1 })).toBeVisible();
    await expect(certnames(page).first()).toBeVisible();
    const names = await certnames(page).allTextContents();
    expect(names.length).toBeGreaterThan(20);
    for (const name of names) expect(name).toMatch(/\.acmecorp$/);
    await expect(page.getByText(/globexco/)).toHaveCount(0);
    // Status in words next to its icon, never colour alone.
    await expect(serverTable(page).getByText('Active').first()).toBeVisible();

    await page.getByRole('link', { name: 'app-01.acmecorp', exact: true }).click();
    await expect(page).toHaveURL(/\/user\/servers\/app-01\.acmecorp$/);
    await expect(page.getByRole('heading', { name: 'app-01.acmecorp', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
    await expect(page.getByText('Red Hat Enterprise Linux 9').first()).toBeVisible();
    await expect(
      page.getByRole('table', { name: 'Recent agent runs' }).locator('tbody tr').first(),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save tags' })).toBeVisible();
    await expect(page.getByLabel('Plan', { exact: true })).toHaveValue('gold');
  });

  test('a server names the roles its tags give it', async ({ page }) => {
    await page.goto('/user/servers/staging-web-01.acmecorp');
    const fromTags = page.getByRole('region', { name: 'From its tags' });
    await expect(fromTags.getByRole('listitem')).toHaveText(['staging Nginx web server']);
  });

  test('search and a filter narrow the list, and survive a reload', async ({ page }) => {
    await page.goto('/user/servers');
    await page.getByLabel('Search', { exact: true }).fill('app-0');
    await expect(page).toHaveURL(/q=app-0/);
    await expect(certnames(page)).toHaveText([
      'app-01.acmecorp',
      'app-02.acmecorp',
      'app-03.acmecorp',
      'app-04.acmecorp',
    ]);
    await page.getByLabel('Status', { exact: true }).selectOption('active');
    await expect(page).toHaveURL(/status=active/);
    await settled(page);
    const narrowed = await certnames(page).allTextContents();

    await page.reload();
    await expect(page.getByLabel('Search', { exact: true })).toHaveValue('app-0');
    await expect(page.getByLabel('Status', { exact: true })).toHaveValue('active');
    await expect(certnames(page)).toHaveText(narrowed);

    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page.getByLabel('Search', { exact: true })).toHaveValue('');
    await expect(summary(page)).toContainText(/Showing 1–\d+ of \d+/);
  });

  test('sorts by a column and pages through the list', async ({ page }) => {
    await page.goto('/user/servers');
    const certnameHeader = serverTable(page).getByRole('columnheader', { name: /Certname/ });
    await expect(certnameHeader).toHaveAttribute('aria-sort', 'ascending');
    await expect(certnames(page).first()).toBeVisible();
    const ascending = await certnames(page).allTextContents();
    await certnameHeader.getByRole('button').click();
    await expect(page).toHaveURL(/sort=-certname/);
    await expect(certnameHeader).toHaveAttribute('aria-sort', 'descending');
    await expect(certnames(page).first()).toHaveText(ascending.at(-1) ?? '');

    await page.goto('/user/servers');
    await page.getByLabel('Rows per page').selectOption('25');
    await expect(summary(page)).toHaveText(/^Showing 1–25 of (\d+)$/);
    const total = /of (\d+)$/.exec((await summary(page).textContent()) ?? '')?.[1];
    const firstPage = await certnames(page).allTextContents();
    await page.getByRole('button', { name: 'Next' }).click();
    // The API counts on the first page only: the total seen there stays.
    await expect(summary(page)).toHaveText(new RegExp(`^Showing 26–\\d+ of ${total}$`));
    await expect(page.getByText(`${total} servers`, { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/cursors=/);
    await settled(page);
    const secondPage = await certnames(page).allTextContents();
    expect(secondPage.some((name) => firstPage.includes(name))).toBe(false);
    expect(secondPage.every((name) => name > (firstPage.at(-1) ?? ''))).toBe(true);

    // The page is in the URL: a reload shows the same one, without a total it never saw, and Previous goes back.
    await page.reload();
    await expect(certnames(page)).toHaveText(secondPage);
    await expect(summary(page)).toHaveText(/^Showing 26–\d+$/);
    await expect(page.getByText(/^0 servers$/)).toHaveCount(0);
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect(certnames(page)).toHaveText(firstPage);
    await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
  });

  test('tags two servers at once', async ({ page, ownCustomer }) => {
    const [first, second] = [
      await ownCustomer.addServer('ci-runner-01'),
      await ownCustomer.addServer('ci-runner-02'),
    ];
    const tag = 'bulk';
    await ownCustomer.addTag(tag);

    await ownCustomer.signInAsManager(page);
    await page.goto('/user/servers?q=ci-runner');
    await page.getByRole('checkbox', { name: `Select ${first}` }).check();
    await page.getByRole('checkbox', { name: `Select ${second}` }).check();
    const bar = page.getByRole('region', { name: 'Tag the selected servers' });
    await expect(bar).toContainText('2 servers selected');
    expect(await violations(page), 'with servers selected').toEqual([]);
    await bar.getByLabel('Tag').selectOption(tag);
    await bar.getByRole('button', { name: 'Add tag' }).click();
    await expect(page.getByText(`Tag “${tag}” added`)).toBeVisible();
    await expect(bar).toHaveCount(0);

    await page.goto(`/user/servers?tag=${tag}`);
    await expect(certnames(page)).toHaveText([first, second]);
    await expect(serverTable(page).getByText(tag)).toHaveCount(2);
  });

  test('exports the filtered list as CSV with its own rows only', async ({ page }) => {
    await page.goto('/user/servers');
    const link = page.getByRole('link', { name: 'Export CSV' });
    const href = await link.getAttribute('href');
    expect(href).toContain('/api/customer/acmecorp/servers/export.csv');

    const download = page.waitForEvent('download');
    await link.click();
    const file = await (await download).path();
    const { readFile } = await import('node:fs/promises');
    const csv = await readFile(file, 'utf8');
    const [header, ...rows] = csv.trim().split('\n');
    expect(header).toMatch(/^certname,status,plan/);
    expect(rows.length).toBeGreaterThan(20);
    for (const row of rows) expect(row).toMatch(/^[a-z0-9-]+\.acmecorp,/);

    const answer = await page.request.get(`${href}`);
    expect(answer.headers()['content-type']).toMatch(/^text\/csv/);
    expect(await answer.text()).not.toContain('globexco');

    // The export follows the filters on screen.
    await page.goto('/user/servers?q=app-0');
    const filtered = await page.request.get(
      (await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href')) ?? '',
    );
    expect((await filtered.text()).trim().split('\n')).toHaveLength(5);
  });
});

test.describe('adding a server', () => {
  test('the install command carries a token, and the status flips when the server registers', async ({
    page,
    ownCustomer,
  }) => {
    const customer = ownCustomer.id;
    await ownCustomer.signInAsManager(page);
    await page.goto('/user/servers');
    await page.getByRole('link', { name: 'Add server' }).first().click();
    await expect(page.getByRole('heading', { name: 'Add server', level: 1 })).toBeVisible();

    const hostname = `e2e-web-${Date.now().toString(36)}`;
    await page.getByLabel('Name', { exact: false }).fill(`E2E Web ${hostname.slice(8)}`);
    await expect(page.getByTestId('certname-preview')).toHaveText(`Certname: ${hostname}.${customer}`);
    await page.getByLabel('Plan').selectOption('silver');
    await page.getByRole('checkbox', { name: /Nginx web server/ }).check();
    // A monitoring server runs alone, so it is not offered next to another role.
    await expect(page.getByRole('checkbox', { name: /Monitoring server/ })).toBeDisabled();
    await page.getByRole('checkbox', { name: /PostgreSQL database/ }).check();
    await expect(page.getByRole('checkbox', { name: /Nginx web server/ })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: /PostgreSQL database/ })).toBeChecked();
    // Two roles is the most a server takes.
    await expect(page.getByRole('checkbox', { name: /Redis cache/ })).toBeDisabled();
    await page.getByRole('button', { name: 'Get the install command' }).click();

    const code = page
      .getByRole('figure', { name: `Install command for ${hostname}.${customer}` })
      .locator('code');
    await expect(code).toContainText('--token');
    const command = (await code.textContent()) ?? '';
    const token = /--token (\S+)/.exec(command)?.[1] ?? '';
    expect(token.length).toBeGreaterThan(20);
    expect(command).toContain(`--customer ${customer}`);
    const status = page.getByRole('status').filter({ hasText: /Waiting for the server|registered/ });
    await expect(status).toContainText('Waiting for the server');
    expect(await violations(page), 'with the install command').toEqual([]);

    // What the install script does on the machine.
    const agent = { authorization: `Bearer ${token}` };
    const verified = await page.request.post('/api/agent/install/verify', {
      headers: agent,
      data: { customer_id: customer },
    });
    expect(verified.status()).toBe(200);
    expect((await verified.json()).roles).toEqual(['nginx', 'postgresql']);
    const registered = await page.request.post('/api/agent/install/register', {
      headers: agent,
      data: {
        customer_id: customer,
        facts: { os_family: 'debian', distribution: 'debian', version: '12', kernel: '6.1.0-40-amd64' },
      },
    });
    expect(registered.status()).toBe(200);

    await expect(status).toContainText(`${hostname}.${customer} is registered and reporting`, {
      timeout: 15_000,
    });
    await page.getByRole('link', { name: 'Open the server' }).click();
    await expect(page.getByRole('heading', { name: `${hostname}.${customer}`, level: 1 })).toBeVisible();
    await expect(page.getByText('Debian 12').first()).toBeVisible();
  });

  test('staff generate the install command for any customer', async ({ page, ownCustomer }) => {
    const customer = ownCustomer.id;
    await signIn(page, 'admin@tidewatch.example');
    await page.goto('/admin/install-script');
    await expect(page.getByRole('heading', { name: 'Install script', level: 1 })).toBeVisible();
    await page.getByLabel('Customer the server belongs to').selectOption(customer);
    await expect(page).toHaveURL(new RegExp(`customer=${customer}`));
    const hostname = `e2e-${Date.now().toString(36)}`;
    await page.getByLabel('Name', { exact: false }).fill(hostname);
    await expect(page.getByTestId('certname-preview')).toHaveText(`Certname: ${hostname}.${customer}`);
    await page.getByRole('button', { name: 'Get the install command' }).click();
    const code = page
      .getByRole('figure', { name: `Install command for ${hostname}.${customer}` })
      .locator('code');
    await expect(code).toContainText(`--customer ${customer}`);
    await expect(code).toContainText('--token');
  });

  test('staff see the servers of the customer chosen in the header', async ({ page }) => {
    await signIn(page, 'admin@tidewatch.example');
    await page.goto('/user/servers');
    await expect(page.getByRole('heading', { name: 'Choose a customer' })).toBeVisible();
    await chooseCustomer(page, 'Globex');
    await expect(certnames(page).first()).toBeVisible();
    for (const name of await certnames(page).allTextContents()) expect(name).toMatch(/\.globexco$/);
  });
});

test.describe('a customer user without a manager role', () => {
  test('sees the servers but changes nothing', async ({ page }) => {
    await signIn(page, 'user@acme.example');
    await page.goto('/user/servers');
    await expect(certnames(page).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Export CSV' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Add server' })).toHaveCount(0);
    await expect(serverTable(page).getByRole('checkbox')).toHaveCount(0);

    await page.getByRole('link', { name: 'app-02.acmecorp', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Tags' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save tags' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Save plan' })).toHaveCount(0);

    await page.goto('/user/servers/add-server');
    await expect(page.getByRole('heading', { name: 'You are not allowed to see this page' })).toBeVisible();
  });
});

test.describe('operating systems', () => {
  test('a chart of the fleet by system, with the end-of-life warning', async ({ page }) => {
    await signIn(page, 'manager@acme.example');
    await page.goto('/user/servers/os');
    await expect(page.getByRole('heading', { name: 'Operating systems', level: 1 })).toBeVisible();
    const servers = await (await page.request.get('/api/count/server/acmecorp')).json();
    const chart = page.getByRole('figure', { name: /Servers by operating system/ });
    // Servers that have not reported their system yet are counted in the whole, not in the chart.
    await expect(chart.locator('figcaption')).toHaveText(/\(\d+ of \d+ reported\)/);
    const reported = /\((\d+) of (\d+) reported\)/.exec(
      (await chart.locator('figcaption').textContent()) ?? '',
    );
    expect(Number(reported?.[2])).toBe(servers);
    expect(Number(reported?.[1])).toBeLessThan(servers);
    await expect(chart.getByRole('listitem').first()).toBeVisible();
    await expect(chart.getByRole('listitem').filter({ hasText: 'CentOS' })).toContainText('Past end of life');
    await expect(page.getByText(/servers? runs? a system past its end of life/)).toBeVisible();

    const table = page.getByRole('table', { name: 'Operating systems and their end of life' });
    await expect(table.getByRole('row', { name: /CentOS/ })).toContainText('Past end of life');
    await table.getByRole('link', { name: /CentOS/ }).click();
    await expect(page).toHaveURL(/distribution=centos/);
    for (const name of await certnames(page).allTextContents()) expect(name).toMatch(/\.acmecorp$/);
    await expect(serverTable(page).getByText('Past end of life').first()).toBeVisible();
  });
});
