import type { Locator, Page } from '@playwright/test';
import { formReady } from '../support/forms';
import { expect, type OwnCustomer, type OwnUser, test } from '../support/own-customer';
import { chooseCustomer, DEMO_PASSWORD, signIn, xsrfToken } from '../support/portal';
import { WEEKLY_PATCHING } from '../support/update-groups';

const SHOTS = process.env.SHOTS_DIR ?? 'test-results/shots';

/** Calls our API in the page's session, as the portal would. */
async function call<T>(page: Page, method: 'GET' | 'POST', path: string, data?: unknown): Promise<T> {
  const response = await page.context().request.fetch(path, {
    method,
    data,
    headers: { 'x-xsrf-token': await xsrfToken(page) },
  });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** A weekly-patching group as Acme's, over one server of the customer's. */
async function weeklyGroupOf(customer: OwnCustomer) {
  return customer.addUpdateGroup('weekly-patching', WEEKLY_PATCHING, [await customer.addServer('web-01')]);
}

/** Books a two-hour window for the customer's weekly-patching group (staff signed in). */
async function book(page: Page, customer: OwnCustomer, group: string, start: string) {
  return call<{ id: string }>(page, 'POST', `/api/customer/${customer.id}/service-windows`, {
    tag_id: group,
    starts_at_local: start,
    timezone: 'Europe/Copenhagen',
    duration_minutes: 120,
    note: 'Clock-change week',
  });
}

/** Three windows in the week of the spring change, skips asked for them: one waiting, one approved, one declined. */
async function bookSpringWeek(page: Page, customer: OwnCustomer) {
  const group = await weeklyGroupOf(customer);
  const customerApi = `/api/customer/${customer.id}`;
  await signIn(page, 'admin@tidewatch.example');
  const acrossTheChange = await book(page, customer, group, '2027-03-28T01:30');
  const friday = await book(page, customer, group, '2027-03-26T02:00');
  const saturday = await book(page, customer, group, '2027-03-27T02:00');
  await customer.signInAsManager(page);
  const ask = (window: { id: string }, reason: string) =>
    call<{ id: string }>(page, 'POST', `${customerApi}/service-window/exemptions`, {
      window_id: window.id,
      reason,
    });
  await ask(acrossTheChange, 'Easter');
  const approve = await ask(friday, 'Good Friday');
  const decline = await ask(saturday, 'Release day');
  await signIn(page, 'admin@tidewatch.example');
  const answer = (exemption: { id: string }, decision: 'accept' | 'reject') =>
    call(page, 'POST', `${customerApi}/service-window/exemptions/${exemption.id}/resolution`, {
      decision,
      comment: decision === 'accept' ? 'Fine' : 'The release needs it',
    });
  await answer(approve, 'accept');
  await answer(decline, 'reject');
  await customer.signInAsManager(page);
}

/** How many lines the last word of an element (a zone's city) takes: one, unless it broke inside. */
const lines = (element: Locator) =>
  element.evaluate((node) => {
    const range = document.createRange();
    range.selectNodeContents(node.lastChild ?? node);
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
  });

test.describe('bookings on the week the clocks change', () => {
  test('show where each skip stands, that the clocks change, and the zone unbroken', async ({
    page,
    ownCustomer,
  }) => {
    await bookSpringWeek(page, ownCustomer);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/customer/service-window/bookings?view=week&week=2027-03-22');
    const week = page.getByRole('list', { name: /^Week of / });
    await expect(week.getByText('Skip requested')).toHaveCount(1);
    await expect(week.getByText('Skip approved')).toHaveCount(1);
    await expect(week.getByText('Skip declined')).toHaveCount(1);
    const sunday = week.getByRole('listitem').filter({ hasText: /Sunday/ });
    await expect(sunday).toContainText('The clocks go forward 1h during this window');
    await expect(week.getByText('The clocks go forward')).toHaveCount(1);
    const zone = sunday.getByText('Europe/Copenhagen').first();
    expect(await lines(zone)).toBe(1);
    await page.screenshot({ path: `${SHOTS}/bookings-week-1280.png`, fullPage: true });

    await page.goto('/customer/service-window/bookings?period=all');
    await page.getByLabel('Update group').selectOption({ label: 'weekly-patching' });
    const row = page.getByRole('row').filter({ hasText: 'The clocks go forward 1h during this window' });
    await expect(row).toContainText('Skip requested');
    await expect(row).toContainText(/01:30( AM)? Europe\/Copenhagen/);
    await row.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/bookings-list-1280.png` });

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/customer/service-window/bookings?view=week&week=2027-03-22');
    await expect(week.getByText('Skip approved')).toBeVisible();
    expect(await lines(week.getByText('Europe/Copenhagen').first())).toBe(1);
    await page.screenshot({ path: `${SHOTS}/bookings-week-390.png`, fullPage: true });
    await page.goto('/customer/service-window/bookings?period=all');
    await page.getByLabel('Update group').selectOption({ label: 'weekly-patching' });
    await expect(page.getByText('Skip declined').first()).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/bookings-list-390.png`, fullPage: true });
  });

  test('an autumn window says the clocks go back', async ({ page, ownCustomer }) => {
    const group = await weeklyGroupOf(ownCustomer);
    await signIn(page, 'admin@tidewatch.example');
    await book(page, ownCustomer, group, '2027-10-31T02:00');
    await ownCustomer.signInAsManager(page);
    await page.goto('/customer/service-window/bookings?view=week&week=2027-10-25');
    await expect(
      page.getByRole('list', { name: /^Week of / }).getByText('The clocks go back 1h during this window'),
    ).toBeVisible();
  });
});

test('the Book page starts in the customer’s zone before a group is chosen', async ({ page }) => {
  await signIn(page, 'admin@tidewatch.example');
  await page.goto('/admin/service-window/book');
  await chooseCustomer(page, 'Globex');
  await expect(page.getByRole('combobox', { name: 'Time zone', exact: true })).toContainText('Europe/Berlin');
});

test.describe('the register form on the nights the clocks change', () => {
  const form = (page: Page) => page.getByRole('form', { name: 'Register time' });

  /** The register form for a date, as the demo's account manager or as `staff`. */
  async function openFor(page: Page, date: string, staff?: OwnUser) {
    if (staff) await signIn(page, staff.email, { password: staff.password });
    else await signIn(page, 'tam@tidewatch.example');
    await page.goto('/admin/hours/register');
    await form(page).getByRole('combobox', { name: 'Customer', exact: true }).click();
    await page.getByRole('combobox', { name: 'Search customers' }).fill('Acme');
    await page.getByRole('option', { name: /Acme/ }).first().click();
    await form(page).getByLabel('Date').fill(date);
  }

  test('offers no start the clocks skip in spring, and an hour from 01:00 ends at 03:00', async ({
    page,
    ownStaff,
  }) => {
    // It registers the night: an account manager of the test's own, whose night no other run has taken.
    await openFor(page, '2026-03-29', await ownStaff(['admin', 'tam']));
    const starts = await form(page).getByLabel('Start').locator('option').allTextContents();
    expect(starts).toContain('01:45');
    expect(starts.filter((start) => start.startsWith('02:'))).toEqual([]);
    await form(page).getByLabel('Start').selectOption({ label: '01:00' });
    await form(page).getByLabel('End').selectOption({ label: '03:00' });
    await expect(form(page).getByLabel('Duration in minutes')).toHaveValue('60');
    await page.setViewportSize({ width: 1280, height: 900 });
    await form(page).screenshot({ path: `${SHOTS}/time-picker-spring-1280.png` });
    // Saved, the next entry starts where the clocks showed this one ended: 03:00, not 02:00.
    await form(page).getByLabel('Product').selectOption({ label: 'Consultation level 2, remote' });
    await form(page).getByLabel('Description').fill('Night patching across the spring change');
    await form(page).getByRole('button', { name: 'Register time' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Registered 1h' })).toBeVisible();
    await expect(form(page).getByLabel('Start')).toHaveValue(String(3 * 60));
    await expect(form(page).getByLabel('Date')).toHaveValue('2026-03-29');
  });

  test('offers the repeated autumn hour twice, counting the real minutes', async ({ page }) => {
    await openFor(page, '2025-10-26');
    await form(page).getByLabel('Start').selectOption({ label: '01:00' });
    const end = form(page).getByLabel('End');
    await end.selectOption({ label: '02:00 (after the clocks go back)' });
    await expect(form(page).getByLabel('Duration in minutes')).toHaveValue('120');
    await end.selectOption({ label: '02:00 (before the clocks go back)' });
    await expect(form(page).getByLabel('Duration in minutes')).toHaveValue('60');
    await end.selectOption({ label: '03:00' });
    await expect(form(page).getByLabel('Duration in minutes')).toHaveValue('180');
    await page.setViewportSize({ width: 390, height: 844 });
    await form(page).getByLabel('End').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/time-picker-autumn-390.png`, fullPage: true });
  });
});

test('a time-registration draft stays with the staff member who typed it', async ({ page }) => {
  const description = page.getByRole('form', { name: 'Register time' }).getByLabel('Description');
  async function logInAs(email: string) {
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login/);
    await formReady(page, 'login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page.getByTestId('user-menu')).toBeVisible();
    await page.goto('/admin/hours/register');
  }
  await signIn(page, 'admin@tidewatch.example');
  await page.goto('/admin/hours/register');
  await description.fill('Notes only Admin should see');
  await logInAs('tam@tidewatch.example');
  await expect(description).toHaveValue('');
  await description.fill('Camilla’s own notes');
  await logInAs('admin@tidewatch.example');
  await expect(description).toHaveValue('Notes only Admin should see');
});

test('the create-customer form keeps what was typed across a reload, until it is sent', async ({ page }) => {
  await signIn(page, 'admin@tidewatch.example');
  await page.goto('/admin/create-customer');
  await page.getByLabel('Company name').fill('Draft Harbour ApS');
  await page.getByLabel('Alert email').fill('alerts@draft.example');
  await page.getByLabel('Billing address').fill('Kajen 1\n8000 Aarhus C');
  await page.getByLabel('Plan').selectOption({ index: 0 });
  const plan = await page.getByLabel('Plan').inputValue();
  await page.reload();
  await expect(page.getByLabel('Company name')).toHaveValue('Draft Harbour ApS');
  await expect(page.getByLabel('Alert email')).toHaveValue('alerts@draft.example');
  await expect(page.getByLabel('Billing address')).toHaveValue('Kajen 1\n8000 Aarhus C');
  await expect(page.getByLabel('Plan')).toHaveValue(plan);
});

test('an empty month filter says All months, not dashes', async ({ page }) => {
  await signIn(page, 'manager@acme.example');
  await page.goto('/customer/invoices');
  for (const name of ['From month', 'To month'])
    await expect(page.getByRole('main').getByLabel(name).locator('option:checked')).toHaveText('All months');
});
