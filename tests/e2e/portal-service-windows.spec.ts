import type { Page } from '@playwright/test';
import ICAL from 'ical.js';
import { violations } from '../support/axe';
import { expect, test } from '../support/own-customer';
import { chooseCustomer, signIn } from '../support/portal';
import { MONTHLY_PATCHING, WEEKLY_PATCHING } from '../support/update-groups';

const dialog = (page: Page) => page.getByRole('dialog');
const badge = (page: Page, kind: string) => page.locator(`[data-count-kind="${kind}"]`);

/** A badge's number; a hidden badge (nothing to count) reads 0. */
async function badgeCount(page: Page, kind: string): Promise<number> {
  await page.getByRole('navigation', { name: /Main|Hovedmenu/ }).waitFor();
  await page.waitForLoadState('networkidle');
  const text = (await badge(page, kind).count()) ? await badge(page, kind).textContent() : '0';
  return Number(text);
}

async function asStaffFor(page: Page, path: string, customer = 'Acme') {
  await signIn(page, 'admin@tidewatch.example');
  await page.goto(path);
  await chooseCustomer(page, customer);
}

test('a proposal is accepted, its windows are booked, and an exemption is asked for and approved', async ({
  page,
  ownCustomer,
}) => {
  const server = await ownCustomer.addServer('web-01');
  await ownCustomer.addUpdateGroup('weekly-patching', WEEKLY_PATCHING, [server]);
  await ownCustomer.signInAsManager(page);
  await page.goto('/customer/service-window/configuration');
  const proposalsBefore = await badgeCount(page, 'service_window_update_config');
  const weekly = page.getByTestId('group-weekly-patching');
  await weekly.getByRole('button', { name: 'Propose a change' }).click();
  await dialog(page).getByRole('checkbox', { name: 'Tuesday' }).uncheck();
  await dialog(page).getByRole('checkbox', { name: 'Saturday' }).check();
  await dialog(page).getByLabel('Start').selectOption('20:00');
  await dialog(page).getByLabel('Why the change').fill('Tuesdays clash with releases');
  await dialog(page).getByRole('button', { name: 'Send proposal' }).click();
  await expect(dialog(page)).toHaveCount(0);
  await expect(weekly).toContainText('Tuesdays clash with releases');
  await expect(badge(page, 'service_window_update_config')).toHaveText(String(proposalsBefore + 1));

  await asStaffFor(page, '/customer/service-window/configuration', ownCustomer.company);
  const staffWeekly = page.getByTestId('group-weekly-patching');
  await staffWeekly.getByRole('button', { name: 'Answer the proposal' }).click();
  await dialog(page).getByLabel('Comment').fill('Saturday evenings suit us too');
  await dialog(page).getByRole('button', { name: 'Approve' }).click();
  await expect(dialog(page)).toHaveCount(0);
  await expect(staffWeekly).toContainText('Version 2');
  await expect(staffWeekly).toContainText('20:00 Europe/Copenhagen');

  await page.goto('/customer/service-window/bookings');
  await page.getByLabel('Update group').selectOption({ label: 'weekly-patching' });
  await page.getByLabel('Status').selectOption({ label: 'Scheduled' });
  // The window's own time, in the reader's clock format.
  const saturdayEvening = /(20:00|08:00 PM) Europe\/Copenhagen/;
  const rows = page.getByRole('table', { name: 'Bookings' }).getByRole('row');
  await expect(rows.filter({ hasText: saturdayEvening }).first()).toBeVisible();

  await ownCustomer.signInAsManager(page);
  await page.goto('/customer/service-window/bookings');
  const exemptionsBefore = await badgeCount(page, 'service_window_exemption');
  await page.getByLabel('Update group').selectOption({ label: 'weekly-patching' });
  await page.getByLabel('Status').selectOption({ label: 'Scheduled' });
  const saturday = rows.filter({ hasText: saturdayEvening }).first();
  await saturday.getByRole('button', { name: 'Ask to skip this window' }).click();
  await dialog(page).getByLabel('Reason').fill('Black Friday traffic');
  await dialog(page).getByRole('button', { name: 'Ask to skip' }).click();
  await expect(dialog(page)).toHaveCount(0);
  await expect(badge(page, 'service_window_exemption')).toHaveText(String(exemptionsBefore + 1));

  await asStaffFor(page, '/customer/service-window/exemptions', ownCustomer.company);
  const asked = page.getByRole('row', { name: /Black Friday traffic/ });
  await asked.getByRole('button', { name: 'Answer the exemption' }).click();
  await dialog(page).getByRole('button', { name: 'Approve' }).click();
  await expect(asked).toContainText('Approved');

  await ownCustomer.signInAsManager(page);
  await page.goto('/customer/service-window/exemptions');
  await expect(page.getByRole('row', { name: /Black Friday traffic/ })).toContainText('Approved');
  await expect.poll(() => badgeCount(page, 'service_window_exemption')).toBe(exemptionsBefore);
});

test('staff book an ad-hoc window for an update group', async ({ page, ownCustomer }) => {
  const server = await ownCustomer.addServer('db-01');
  await ownCustomer.addUpdateGroup('monthly-patching', MONTHLY_PATCHING, [server]);
  await asStaffFor(page, '/admin/service-window/book', ownCustomer.company);
  await page.getByLabel('Update group').selectOption({ label: 'monthly-patching' });
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  await page.getByRole('textbox', { name: 'Date' }).fill(tomorrow);
  await page.getByLabel('Start').selectOption('10:15');
  await page.getByLabel('Duration').selectOption({ label: '45m' });
  await page.getByLabel('Note').fill('Kernel hotfix');
  await page.getByRole('button', { name: 'Book window' }).click();
  await expect(page).toHaveURL(/\/customer\/service-window\/bookings$/);
  await page.getByLabel('Update group').selectOption({ label: 'monthly-patching' });
  await expect(
    page.getByRole('row', { name: /Ad hoc/ }).filter({ hasText: /(10:15|10:15 AM) Europe\/London/ }),
  ).toBeVisible();
});

test('bookings open on what is coming, and the filters, the view and the week live in the address', async ({
  page,
}) => {
  await signIn(page, 'manager@acme.example');
  const firstPage = page.waitForResponse((response) => /\/service-windows\?/.test(response.url()));
  await page.goto('/customer/service-window/bookings');
  const table = page.getByRole('table', { name: 'Bookings' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  // Upcoming by default: nothing in the first page ended before today (today's may have ended).
  const midnight = await page.evaluate(() => new Date(new Date().setHours(0, 0, 0, 0)).getTime());
  const { data: items } = (await (await firstPage).json()) as { data: { ends_at: string }[] };
  expect(items.length).toBeGreaterThan(0);
  expect(items.filter((window) => Date.parse(window.ends_at) < midnight)).toEqual([]);

  await page.getByLabel('Update group').selectOption({ label: 'monthly-patching' });
  await page.getByLabel('When').selectOption({ label: 'Past, latest first' });
  await expect(page).toHaveURL(/group=[^&]+.*period=past|period=past.*group=/);
  await expect(
    table
      .getByRole('row')
      .filter({ hasText: /Closed|Expired/ })
      .first(),
  ).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Update group')).toHaveValue(/.+/);
  await expect(page.getByLabel('When')).toHaveValue('past');

  await page.getByRole('tab', { name: 'Week' }).click();
  const shown = await page.getByRole('list', { name: /^Week of / }).getAttribute('aria-label');
  await page.getByRole('button', { name: 'Next week' }).click();
  await expect(page).toHaveURL(/view=week/);
  await expect(page).toHaveURL(/week=\d{4}-\d\d-\d\d/);
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Week' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('list', { name: /^Week of / })).not.toHaveAttribute('aria-label', shown ?? '');
});

test('a past window shows what each machine reported, by keyboard and on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'manager@acme.example');
  await page.goto('/customer/service-window/bookings');
  await page.getByLabel('Update group').selectOption({ label: 'monthly-patching' });
  await page.getByLabel('When').selectOption({ label: 'Past, latest first' });
  // The demo's oldest past window ran out with a machine silent (a later one may since have run
  // out with every machine silent, the demo's agents reporting nothing after the seed).
  const expired = page.getByRole('row').filter({ hasText: 'Expired' }).last();
  const outcome = expired.getByRole('button', {
    name: /^What each machine reported in the window .*: \d+ of \d+ done$/,
  });
  await outcome.focus();
  await page.keyboard.press('Enter');
  await expect(dialog(page).getByRole('heading', { name: 'What the window did' })).toBeVisible();
  const silent = dialog(page).getByRole('region', { name: /Never reported/ });
  await expect(silent.getByRole('listitem')).toHaveCount(1);
  await expect(dialog(page).getByRole('region', { name: /Updated/ })).toContainText('packages updated');
  expect(await violations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toHaveCount(0);
  await expect(outcome).toBeFocused();
  await outcome.click();
  await dialog(page).getByRole('button', { name: 'Close' }).click();
  await expect(dialog(page)).toHaveCount(0);
});

test('the calendar feed is an iCalendar document with the windows in it', async ({ page }) => {
  await signIn(page, 'manager@acme.example');
  await page.goto('/customer/service-window/bookings');
  await page.getByRole('button', { name: /Make a (calendar|new) address/ }).click();
  const url = (await page.getByTestId('calendar-url').textContent()) ?? '';
  const feed = await page.context().request.get(new URL(url).pathname);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toMatch(/^text\/calendar/);
  const calendar = new ICAL.Component(ICAL.parse(await feed.text()));
  const events = calendar.getAllSubcomponents('vevent').map((event) => new ICAL.Event(event));
  expect(events.length).toBeGreaterThan(5);
  expect(events.some((event) => event.summary.includes('weekly-patching'))).toBe(true);
});

test('the service window pages have no WCAG AA violation', async ({ page }) => {
  await signIn(page, 'manager@acme.example');
  for (const path of [
    '/customer/service-window/bookings',
    '/customer/service-window/exemptions',
    '/customer/service-window/configuration',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    expect(await violations(page), path).toEqual([]);
  }
  await page.goto('/customer/service-window/bookings');
  await page.getByRole('tab', { name: 'Week' }).click();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  expect(await violations(page), 'week').toEqual([]);
  await asStaffFor(page, '/admin/service-window/book');
  await page.getByLabel('Update group').selectOption({ label: 'weekly-patching' });
  expect(await violations(page), 'book').toEqual([]);
});
