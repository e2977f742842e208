import type { Locator, Page } from '@playwright/test';
import { formReady } from '../support/forms';
import { expect, test } from '../support/own-customer';
import { DEMO_PASSWORD, signIn } from '../support/portal';

const registerForm = (page: Page) => page.getByRole('form', { name: 'Register time' });

/** Picks a customer in the form's searchable select. */
async function pickCustomer(form: Locator, page: Page, name: string) {
  await form.getByRole('combobox', { name: 'Customer', exact: true }).click();
  await page.getByRole('combobox', { name: 'Search customers' }).fill(name);
  await page
    .getByRole('option', { name: new RegExp(name) })
    .first()
    .click();
}

/** Presses Tab until the control has focus (a date input takes a Tab per part of the date). */
async function tabTo(page: Page, control: Locator) {
  for (let presses = 0; presses < 5; presses++) {
    await page.keyboard.press('Tab');
    if (await control.evaluate((element) => element === document.activeElement)) return;
  }
  await expect(control).toBeFocused();
}

async function switchUser(page: Page, email: string, password?: string) {
  await page.context().clearCookies();
  await signIn(page, email, { ...(password && { password }) });
}

test.describe('time registration', () => {
  test('register → overview → hand in → approve → the summary bills it', async ({ page, ownStaff }) => {
    // An account manager of the test's own: approving locks their month, and their hours overlap no one else's.
    const tam = await ownStaff(['admin', 'tam']);
    await signIn(page, tam.email, { password: tam.password });
    await page.goto('/admin/hours/register');
    const form = registerForm(page);
    await pickCustomer(form, page, 'Globex');
    await form.getByLabel('Start').selectOption({ label: '10:00' });
    await form.getByLabel('End').selectOption({ label: '11:30' });
    await expect(form.getByLabel('Duration in minutes')).toHaveValue('90');
    await form.getByLabel('Product').selectOption('consultation-level-2-remote');
    await form.getByLabel('Ticket reference').fill('GLX-100');
    await form.getByLabel('Description').fill('Moved the backups to the new bucket');
    await form.getByRole('button', { name: 'Register time' }).click();
    await expect(page.getByText('Registered 1h 30m on')).toBeVisible();
    const day = page.getByRole('table', { name: /^Entries on / });
    await expect(day.getByRole('row', { name: /Moved the backups/ })).toContainText('10:00–11:30');

    // The form moves on to where the entry ended; the same time again is refused as an overlap.
    await expect(form.getByLabel('Start')).toHaveValue(String(11 * 60 + 30));
    await form.getByLabel('Start').selectOption({ label: '11:00' });
    await form.getByLabel('Duration in minutes').fill('30');
    await form.getByLabel('Description').fill('Checked the restore');
    await form.getByRole('button', { name: 'Register time' }).click();
    await expect(form.getByText(/This overlaps your entry for Globex on .*, 10:00–11:30/)).toBeVisible();

    await page.goto('/admin/hours/overview');
    await expect(page.getByRole('row', { name: /Moved the backups/ })).toBeVisible();
    await page.getByRole('button', { name: /^Hand in .* for approval$/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Hand in' }).click();
    await expect(page.getByText('Waiting for approval').first()).toBeVisible();
    await expect(page.getByRole('button', { name: /^Edit the entry/ })).toHaveCount(0);
    const month =
      new URL(page.url()).searchParams.get('month') ?? (await page.getByLabel('Month').inputValue());

    await switchUser(page, 'approver@tidewatch.example');
    await page.goto(`/admin/hours/summary?month=${month}`);
    await expect(page.getByTestId('summary-total')).toBeVisible();
    const before = await page.getByTestId('summary-total').textContent();

    // The demo approver reads the portal in Danish.
    await page.goto(`/admin/hours/employee-overview?month=${month}`);
    const camilla = page.getByRole('row', { name: new RegExp(tam.name) });
    await expect(camilla).toContainText('Venter på godkendelse');
    await camilla.getByRole('button', { name: `Vis ${tam.name}s registreringer` }).click();
    await expect(page.getByRole('row', { name: /Moved the backups/ })).toBeVisible();
    await page.getByRole('button', { name: /^Godkend / }).click();
    await expect(camilla).toContainText('Godkendt og låst');

    await page.goto(`/admin/hours/summary?month=${month}`);
    const globex = page.locator('[data-customer="globexco"]');
    await expect(globex).toContainText('Niveau 2');
    await expect(page.getByTestId('summary-total')).not.toHaveText(before ?? '');
    await expect(page.getByTestId('summary-total')).toHaveText(/[1-9][\d.]*,\d\d\s€/);
    const csv = await page.request.get(`/api/admin/hours/summary.csv?month=${month}`);
    expect(await csv.text()).toContain(`${month},globexco,Globex,`);

    // The approved month is locked for its owner.
    await switchUser(page, tam.email, tam.password);
    await page.goto(`/admin/hours/overview?month=${month}`);
    await expect(page.getByText('Approved and locked').first()).toBeVisible();
    await expect(page.getByRole('button', { name: /^Delete the entry/ })).toHaveCount(0);
  });

  test('what was typed survives a reload and signing out', async ({ page }) => {
    await signIn(page, 'admin@tidewatch.example');
    await page.goto('/admin/hours/register');
    const form = registerForm(page);
    await pickCustomer(form, page, 'Acme');
    await form.getByLabel('Start').selectOption({ label: '14:15' });
    await form.getByLabel('Description').fill('Half-written note about the VPN');
    await page.reload();
    await expect(form.getByLabel('Description')).toHaveValue('Half-written note about the VPN');
    await expect(form.getByLabel('Start')).toHaveValue(String(14 * 60 + 15));
    await expect(form.getByRole('combobox', { name: 'Customer', exact: true })).toContainText('Acme Corp');

    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login/);
    // Back in through the login form: an API sign-in here would race the page's own "already signed in" redirect.
    await formReady(page, 'login');
    await page.getByLabel('Email').fill('admin@tidewatch.example');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page.getByTestId('user-menu')).toBeVisible();
    await page.goto('/admin/hours/register');
    await expect(form.getByLabel('Description')).toHaveValue('Half-written note about the VPN');
  });

  test('an entry can be registered with the keyboard alone', async ({ page, ownStaff }) => {
    // A staff member of the test's own, whose 06:00 today no other run has taken.
    const admin = await ownStaff(['admin']);
    await signIn(page, admin.email, { password: admin.password });
    await page.goto('/admin/hours/register');
    const form = registerForm(page);
    await form.getByLabel('Date').focus();
    await tabTo(page, form.getByRole('combobox', { name: 'Customer', exact: true }));
    await page.keyboard.press('Enter');
    await page.keyboard.type('Globex');
    await page.keyboard.press('Enter');
    await expect(form.getByRole('combobox', { name: 'Customer', exact: true })).toContainText('Globex');
    await page.keyboard.press('Tab');
    await expect(form.getByLabel('Start')).toBeFocused();
    await page.keyboard.type('06:00');
    await page.keyboard.press('Tab');
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('45');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(form.getByLabel('Product')).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.type('GLX-7');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Early morning patch run');
    await page.keyboard.press('Tab');
    await expect(form.getByLabel('Billable')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(form.getByRole('button', { name: 'Register time' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Registered 45m on')).toBeVisible();
    await expect(page.getByRole('row', { name: /Early morning patch run/ })).toContainText('06:00–06:45');
  });
});
