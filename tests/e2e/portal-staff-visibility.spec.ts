import fs from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { signIn, xsrfToken } from '../support/portal';

const brand = JSON.parse(fs.readFileSync(new URL('../../content/data/brand.json', import.meta.url), 'utf8'));
const staffName = `${brand.product} staff`;

/** Signs the admin in and starts acting as Grace Hopper of Acme Corp, through the API. */
async function actAsGrace(page: Page) {
  await signIn(page, 'admin@tidewatch.example');
  const users = await (await page.context().request.get('/api/users?customer_id=acmecorp')).json();
  const grace = (users as { data: { 'user/id': string; 'user/email': string }[] }).data.find(
    (user) => user['user/email'] === 'user@acme.example',
  );
  const started = await page.context().request.post('/api/auth/impersonate', {
    data: { 'user-id': grace?.['user/id'], reason: 'Ticket 4712: checking the roles' },
    headers: { 'x-xsrf-token': await xsrfToken(page) },
  });
  expect(started.status()).toBe(200);
}

test('a customer sees a staff session as staff, without its address or browser', async ({ browser }) => {
  const admin = await browser.newPage();
  await actAsGrace(admin);

  const customer = await browser.newPage();
  await signIn(customer, 'user@acme.example');
  await customer.goto('/user/settings');
  const staffRow = customer.getByTestId('session').filter({ hasText: 'Staff acting as you' });
  await expect(staffRow).toHaveCount(1);
  await expect(staffRow).toContainText(new RegExp(`^${staffName}`));
  await expect(staffRow).toContainText(/Last active .*\d/);
  await expect(staffRow.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await expect(staffRow).not.toContainText('127.0.0.1');
  await admin.close();
  await customer.close();
});

test('a change request opened while impersonating names the author and the staff member', async ({
  browser,
}) => {
  const admin = await browser.newPage();
  await actAsGrace(admin);
  const opened = await admin.context().request.post('/api/customer/acmecorp/change-requests', {
    data: { target: { kind: 'server', certname: 'report-01.acmecorp' }, roles: ['redis'] },
    headers: { 'x-xsrf-token': await xsrfToken(admin) },
  });
  expect(opened.status()).toBe(200);
  const { number } = (await opened.json()) as { number: number };

  const customer = await browser.newPage();
  await signIn(customer, 'user@acme.example');
  const byline = `Grace Hopper (opened by Astrid Holm, ${staffName})`;
  await customer.goto(`/user/servers/merge-request?number=${number}`);
  await expect(customer.getByText(byline)).toBeVisible();
  await customer.goto('/user/servers/merge-request');
  await expect(
    customer.getByRole('row').filter({ hasText: 'Roles for report-01.acmecorp: redis' }),
  ).toContainText(byline);
  await admin.close();
  await customer.close();
});
