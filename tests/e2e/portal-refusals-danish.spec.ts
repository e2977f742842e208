import type { Page } from '@playwright/test';
import { expect, test } from '../support/own-customer';
import { signIn, xsrfToken } from '../support/portal';

/** Where the screenshots of the Danish refusal and toast go, to be looked at. */
const SHOTS = process.env.SCREENSHOT_DIR ?? 'tests/test-results/refusals';

/** The demo approver reads the portal in Danish and registers time. */
const DANISH_STAFF = 'approver@tidewatch.example';

const danishDate = (isoDate: string) =>
  new Intl.DateTimeFormat('da', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(isoDate));

async function registerThroughApi(page: Page, date: string, startMinute: number) {
  const response = await page.context().request.post('/api/admin/hours/entries', {
    headers: { 'x-xsrf-token': await xsrfToken(page) },
    data: {
      customer_id: 'globexco',
      product_id: 'consultation-level-2-remote',
      date,
      start_minute: startMinute,
      minutes: 30,
      description: 'Early patch check',
      kind: 'ordinary',
      billable: false,
    },
  });
  expect(response.status()).toBe(200);
}

test.describe('server refusals in Danish', () => {
  for (const width of [1280, 390]) {
    test(`an overlapping entry is refused in Danish, with a Danish date, at ${width} px`, async ({
      page,
      ownStaff,
    }) => {
      // A Danish-reading staff member of the test's own, whose early hours today no other run has taken.
      const staff = await ownStaff(['admin', 'approver'], 'da');
      await page.setViewportSize({ width, height: 900 });
      await signIn(page, staff.email, { password: staff.password });
      await page.goto('/admin/hours/register');
      const form = page.getByRole('form', { name: 'Registrér tid' });
      const date = await form.getByLabel('Dato').inputValue();
      // Each width its own early hour, so the two runs do not meet.
      const start = width === 1280 ? 6 * 60 : 7 * 60;
      await registerThroughApi(page, date, start);

      await form.getByRole('combobox', { name: 'Kunde', exact: true }).click();
      await page.getByRole('combobox', { name: 'Søg i kunder' }).fill('Globex');
      await page
        .getByRole('option', { name: /Globex/ })
        .first()
        .click();
      const clock = width === 1280 ? '06' : '07';
      await form.getByLabel('Start').selectOption({ label: `${clock}:15` });
      await form.getByLabel('Varighed i minutter').fill('15');
      await form.getByLabel('Produkt').selectOption('consultation-level-2-remote');
      await form.getByLabel('Beskrivelse').fill('Checked the patch run');
      await form.getByRole('button', { name: 'Registrér tid' }).click();

      const refusal = `Dette overlapper din registrering for Globex den ${danishDate(date)} kl. ${clock}.00–${clock}.30`;
      await expect(form.getByText(refusal).first()).toBeVisible();
      await expect(form).not.toContainText(date);
      await expect(form).not.toContainText('overlaps');
      await page.screenshot({ path: `${SHOTS}/overlap-da-${width}.png` });

      // Moved after the other entry it is registered; the toast says the day as Danes write it.
      await form.getByLabel('Start').selectOption({ label: `${clock}:30` });
      await form.getByRole('button', { name: 'Registrér tid' }).click();
      const toast = page.getByRole('status').filter({ hasText: 'Registrerede 15m den' });
      await expect(toast).toContainText(`Registrerede 15m den ${danishDate(date)}`);
      await expect(toast).not.toContainText(date);
      await page.screenshot({ path: `${SHOTS}/toast-da-${width}.png` });
    });
  }

  test('an expired session says so in Danish, and the refused form asks to sign in in Danish', async ({
    page,
  }) => {
    await signIn(page, DANISH_STAFF);
    await page.goto('/user/settings');
    await expect(page.getByRole('heading', { name: 'Indstillinger', level: 1 })).toBeVisible();
    // End the session behind the page's back, as an expiry on the server would.
    await page.context().request.delete('/api/auth', { headers: { 'x-xsrf-token': await xsrfToken(page) } });
    await page.getByRole('button', { name: 'Gem navn' }).click();
    // The name form says why; the sessions list, asking again meanwhile, may say the same in its own place.
    await expect(page.locator('#profile').getByText('Log ind for at fortsætte')).toBeVisible();
    await expect(page.getByText('Sessionen er udløbet')).toBeVisible();
    await expect(page.getByText('Sign in to continue')).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}/session-da-1280.png` });
    await expect(page).toHaveURL(/\/login\?next=%2Fuser%2Fsettings$/);
  });

  test("a role setting the server refuses is said in Danish in its field, with the rule's number", async ({
    page,
  }) => {
    await signIn(page, DANISH_STAFF);
    // A demo server no other test configures; the refused request changes nothing.
    await page.goto('/user/servers/new-role-configuration?server=etl-03.acmecorp');
    await page.getByRole('checkbox', { name: 'Nginx-webserver' }).check();
    // Longer than the server keeps: only the server checks a setting's length.
    const names = page.getByLabel('Domænenavne (kommasepareret)');
    await names.fill('a'.repeat(2001));
    await page.getByRole('button', { name: 'Opret ændringsanmodning' }).click();
    await expect(page.getByText('Brug højst 2000 tegn')).toBeVisible();
    await expect(names).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Use at most 2000 characters')).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}/role-setting-da-1280.png` });
  });
});
