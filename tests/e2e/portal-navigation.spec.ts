import { expect, test } from '@playwright/test';
import { chooseCustomer, sidebarLabels, signIn, userMenuEntries } from '../support/portal';
// Counts over every customer, and Acme's own, read a demo nobody changes.
import { test as untouchedDemoTest } from '../support/untouched-demo';

const EVERYONE_TOP = [
  'Servers',
  'Operating System',
  'Clusters',
  'Tags',
  'Features',
  'Service Window',
  'Bookings',
  'Exemptions',
];
const TIME_REGISTRATION = ['Time Registration', 'Register Time', 'Register Time Old', 'Overview'];

/** Spec section 6, applied to each demo account. */
const EXPECTED: Record<string, { sidebar: string[]; menu: string[] }> = {
  'admin@tidewatch.example': {
    sidebar: [
      ...EVERYONE_TOP,
      'Book',
      'Waiting for staff',
      'Teams',
      'Users',
      'Activity',
      'Webhooks',
      'API tokens',
      ...TIME_REGISTRATION,
      'Summary',
      'Impersonate',
      'Create Customer',
      'Fleet',
      'Invoices',
      'Reports',
      'Employee Map',
      'Chat',
      'Settings',
    ],
    menu: ['Dashboard', 'Settings', 'User Management', 'Impersonate', 'API reference', 'Logout'],
  },
  'tam@tidewatch.example': {
    sidebar: [
      ...EVERYONE_TOP,
      'Book',
      'Waiting for staff',
      'Teams',
      'Users',
      'Activity',
      'Webhooks',
      'API tokens',
      ...TIME_REGISTRATION,
      'Employee Overview',
      'Summary',
      'Impersonate',
      'Create Customer',
      'Fleet',
      'Invoices',
      'Reports',
      'Employee Map',
      'Chat',
      'Settings',
    ],
    menu: ['Dashboard', 'Settings', 'User Management', 'Impersonate', 'API reference', 'Logout'],
  },
  'finance@tidewatch.example': {
    sidebar: [
      ...EVERYONE_TOP,
      'Update Configuration',
      'Teams',
      'Activity',
      'Invoices',
      'Reports',
      'Settings',
    ],
    menu: ['Dashboard', 'Settings', 'API reference', 'Logout'],
  },
  'security@tidewatch.example': {
    sidebar: [...EVERYONE_TOP, 'Update Configuration', 'Teams', 'Settings'],
    menu: ['Dashboard', 'Settings', 'API reference', 'Logout'],
  },
  'manager@acme.example': {
    sidebar: [
      ...EVERYONE_TOP,
      'Update Configuration',
      'Teams',
      'Data Engineering',
      'Platform',
      'Web Shop',
      'Users',
      'Activity',
      'Webhooks',
      'API tokens',
      'Invoices',
      'Reports',
      'Settings',
    ],
    menu: ['Dashboard', 'Settings', 'User Management', 'API reference', 'Logout'],
  },
  'user@acme.example': {
    sidebar: [
      ...EVERYONE_TOP,
      'Update Configuration',
      'Teams',
      'Data Engineering',
      'Platform',
      'Web Shop',
      'Settings',
    ],
    menu: ['Dashboard', 'Settings', 'API reference', 'Logout'],
  },
  'manager@globex.example': {
    sidebar: [
      ...EVERYONE_TOP,
      'Update Configuration',
      'Teams',
      'Operations',
      'Users',
      'Activity',
      'Webhooks',
      'API tokens',
      'Invoices',
      'Reports',
      'Settings',
    ],
    menu: ['Dashboard', 'Settings', 'User Management', 'API reference', 'Logout'],
  },
};

test.describe('navigation by role', () => {
  for (const [email, expected] of Object.entries(EXPECTED)) {
    test(`${email} sees exactly the sidebar and user menu the spec allows`, async ({ page }) => {
      expect((await signIn(page, email)).status()).toBe(200);
      await page.goto('/user/settings');
      await expect(sidebarLabels(page)).toHaveText(expected.sidebar);
      expect(await userMenuEntries(page)).toEqual(expected.menu);
    });
  }

  test('an approver who reads Danish gets Danish labels and the employee overview', async ({ page }) => {
    await signIn(page, 'approver@tidewatch.example');
    await page.goto('/user/settings');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Indstillinger');
    await expect(sidebarLabels(page).getByText('Medarbejderoversigt', { exact: true })).toBeVisible();
    const labels = await sidebarLabels(page).allTextContents();
    expect(labels).toContain('Servere');
    expect(labels).toContain('Log ind som kunde');
    expect(labels).not.toContain('Settings');
    expect(await page.locator('html').getAttribute('lang')).toBe('da');
  });
});

test.describe('count badges', () => {
  untouchedDemoTest(
    "show the caller's counts: every user for admins, the customer's own for its manager",
    async ({ page }) => {
      await signIn(page, 'admin@tidewatch.example');
      await page.goto('/user/settings');
      await expect(page.locator('[data-count-kind="user"]')).toHaveText('11');
      await expect(page.locator('[data-count-kind="server"]')).toHaveText('45');
      // The demo's one site chat waiting for an answer.
      await expect(page.locator('[data-count-kind="unanswered_chat"]')).toHaveText('1');

      await signIn(page, 'manager@acme.example');
      await page.goto('/user/settings');
      await expect(page.locator('[data-count-kind="user"]')).toHaveText('3');
      // Customers have nothing pending approval: that badge is never shown to them.
      await expect(page.locator('[data-count-kind="pending_approval"]')).toHaveCount(0);
    },
  );
});

test.describe('access', () => {
  test('a signed-out visitor is sent to /login, which is told the page asked for', async ({ page }) => {
    await page.goto('/user/settings');
    await expect(page).toHaveURL(/\/login\?next=%2Fuser%2Fsettings$/);
  });

  test("a malformed portal address answers 400 with the portal's own page", async ({ page }) => {
    await signIn(page, 'user@acme.example');
    const response = await page.goto('/user/%E0%A4%A');
    expect(response?.status()).toBe(400);
    expect(response?.headers()['content-type']).toContain('text/html');
    await expect(page.getByRole('heading', { name: 'This page does not exist' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute(
      'href',
      '/user/servers',
    );
  });

  test('a page the roles do not open says so, in the shell', async ({ page }) => {
    await signIn(page, 'manager@acme.example');
    await page.goto('/admin/impersonate');
    await expect(page.getByRole('heading', { name: 'You are not allowed to see this page' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  });

  test('the Service Window item opens its first page, and stays marked on the others', async ({ page }) => {
    await signIn(page, 'manager@acme.example');
    await page.goto('/user/servers');
    const sidebar = page.getByRole('navigation', { name: 'Main' });
    await sidebar.getByRole('link', { name: 'Service Window' }).click();
    await expect(page).toHaveURL(/\/customer\/service-window\/bookings$/);
    await expect(page.getByRole('heading', { name: 'Bookings', level: 1 })).toBeVisible();
    await sidebar.getByRole('link', { name: 'Exemptions' }).click();
    await expect(sidebar.getByRole('link', { name: 'Service Window' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  test('an address the portal does not have shows "does not exist" inside the shell', async ({ page }) => {
    await signIn(page, 'manager@acme.example');
    await page.goto('/customer/no-such-page');
    await expect(page.getByRole('heading', { name: 'This page does not exist' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  });
});

test.describe('the error page', () => {
  test('appears for a page that cannot be built, and goes away on the next navigation', async ({ page }) => {
    await signIn(page, 'admin@tidewatch.example');
    const reported = page.waitForRequest(
      (request) => request.url().endsWith('/api/report/error') && request.method() === 'POST',
    );
    await page.goto('/admin/impersonate?customer=NOT%20AN%20ID');
    await expect(page.getByRole('heading', { name: 'Error occurred while generating page' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Go to Dashboard' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reload' })).toBeVisible();
    expect((await reported).postDataJSON()).toMatchObject({ type: 'UI ERROR', app: 'portal' });

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
    await expect(page.getByText('Error occurred while generating page')).toHaveCount(0);
  });

  test('a customer named in the address is chosen already', async ({ page }) => {
    await signIn(page, 'admin@tidewatch.example');
    await page.goto('/admin/impersonate?customer=globexco');
    await expect(page.getByRole('radio', { name: /Globex/ })).toBeChecked();
    await expect(page.getByText('manager@globex.example')).toBeVisible();
  });
});

test("staff choose the customer they look at in the header, and see that customer's teams", async ({
  page,
}) => {
  await signIn(page, 'finance@tidewatch.example');
  await page.goto('/user/settings');
  await chooseCustomer(page, 'AC · Acme Corp');
  await expect(page.getByRole('link', { name: 'Platform' })).toHaveAttribute(
    'href',
    '/customer/teams/Platform',
  );
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Customer', exact: true })).toHaveText('AC · Acme Corp');
  await expect(page.getByRole('link', { name: 'Data Engineering' })).toBeVisible();
});

untouchedDemoTest('the team counts match the teams listed', async ({ page }) => {
  await signIn(page, 'manager@acme.example');
  await page.goto('/user/settings');
  await expect(page.locator('[data-count-kind="team"]')).toHaveText('3');
  await expect(page.locator('[data-count-kind="tag"]')).toHaveText('8');
});
