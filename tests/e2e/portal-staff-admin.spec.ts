import { expect, type Page, test } from '@playwright/test';
import { mailDir } from '../support/e2e-server';
import { formReady } from '../support/forms';
import { signIn } from '../support/portal';
import { linkIn, waitForMail } from '../support/smtp-capture';

const ADMIN = 'admin@tidewatch.example';
/** The staff members the demo places on the map. */
const PLACED_STAFF = 7;

/** The form's card for the first user, whose Name and Email labels the other cards do not share. */
const firstUserSection = (page: Page) =>
  page.locator('section').filter({ has: page.getByRole('heading', { name: 'First user' }) });

test.describe('create customer', () => {
  test('an admin creates a customer; its first user sets a password from the mail and signs in', async ({
    page,
  }) => {
    const company = `Skagen Systems ${Date.now()}`;
    const firstUser = `ops-${Date.now()}@skagen.example`;
    await signIn(page, ADMIN);
    await page.goto('/admin/create-customer');
    await expect(page.getByRole('heading', { name: 'Create Customer', level: 1 })).toBeVisible();

    // What the form refuses, it says under the field, before anything is sent.
    await page.getByRole('button', { name: 'Create customer and invite' }).click();
    await expect(page.getByText('Enter the company name')).toBeVisible();
    await page.getByLabel('Invoice day of the month').fill('31');
    await page.getByLabel('Invoice day of the month').blur();
    await expect(page.getByText('Choose a day from 1 to 28')).toBeVisible();

    await page.getByLabel('Company name').fill(company);
    await page.getByLabel('Plan').selectOption('gold');
    await page.getByLabel('Alert email').fill('alerts@skagen.example');
    await page.getByLabel('Billing address').fill('Havnevej 4\n9990 Skagen');
    await page.getByRole('textbox', { name: 'Billing email', exact: true }).fill('invoices@skagen.example');
    await page.getByLabel('Invoice day of the month').fill('10');
    await page.getByLabel('Credit days').fill('30');
    await page.getByLabel('Expense ceiling (EUR a month)').fill('2000');
    const firstUserCard = firstUserSection(page);
    await firstUserCard.getByLabel('Name').fill('Karen Skagen');
    await firstUserCard.getByLabel('Email').fill(firstUser);
    const asked = Date.now();
    await page.getByRole('button', { name: 'Create customer and invite' }).click();
    await expect(page.getByRole('heading', { name: `Customer “${company}” created` })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: firstUser })).toBeVisible();

    const mail = await waitForMail(mailDir(), firstUser, { after: asked });
    expect(mail.subject).toBe(`Your Tidewatch account for ${company}`);
    const link = linkIn(mail, '/set-password');
    await page.context().clearCookies();
    await page.goto(link.pathname + link.search);
    await formReady(page, 'set-password');
    // The page gives the welcome link's lifetime as the mail does.
    expect(mail.text).toContain('within 24 hours');
    await expect(page.getByText('The link from the mail works once')).toContainText(
      '24 hours for a new account',
    );
    await page.getByLabel('New password').fill('lighthouse at the top of denmark');
    await page.getByRole('button', { name: 'Set password' }).click();
    await expect(page.getByRole('status')).toContainText('Password Set Successfully');

    await page.goto('/login');
    await formReady(page, 'login');
    await page.getByLabel('Email').fill(firstUser);
    await page.getByLabel('Password').fill('lighthouse at the top of denmark');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page).toHaveURL(/\/user\/servers$/);
  });

  test('a taken address is refused in the field it belongs to', async ({ page }) => {
    await signIn(page, ADMIN);
    await page.goto('/admin/create-customer');
    await page.getByLabel('Company name').fill(`Taken Address ${Date.now()}`);
    await page.getByLabel('Alert email').fill('alerts@taken.example');
    await page.getByLabel('Billing address').fill('Somewhere 1');
    await page.getByRole('textbox', { name: 'Billing email', exact: true }).fill('invoices@taken.example');
    const firstUserCard = firstUserSection(page);
    await firstUserCard.getByLabel('Name').fill('Grace Again');
    await firstUserCard.getByLabel('Email').fill('user@acme.example');
    await page.getByRole('button', { name: 'Create customer and invite' }).click();
    await expect(firstUserCard.getByText('A user with this address exists already')).toBeVisible();
  });
});

const markers = (page: Page) => page.getByTestId('staff-marker');

test.describe('employee map', () => {
  test('draws a marker per staff location, with each person’s local time beside the map', async ({
    page,
  }) => {
    await signIn(page, ADMIN);
    await page.goto('/admin/map');
    await expect(page.getByRole('heading', { name: 'Employee Map', level: 1 })).toBeVisible();
    await expect(markers(page)).toHaveCount(PLACED_STAFF);
    await expect(page.getByRole('img', { name: /World map/ })).toBeVisible();
    const eva = page.getByTestId('staff-member').filter({ hasText: 'Eva Nygaard' });
    await expect(eva).toContainText('Manila, Philippines');
    await expect(eva).toContainText(/Local time .*\d\d.\d\d.*GMT\+8/);

    // Taking someone off the map asks first; setting the place again puts the marker back.
    await eva.getByRole('button', { name: 'Remove from map' }).click();
    await page
      .getByRole('dialog', { name: 'Take Eva Nygaard off the map?' })
      .getByRole('button', { name: 'Remove from map' })
      .click();
    await expect(markers(page)).toHaveCount(PLACED_STAFF - 1);
    await expect(eva).toContainText('No place set');
    await eva.getByRole('button', { name: 'Set place' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Office or city').fill('Manila');
    await dialog.getByRole('combobox', { name: 'Country' }).click();
    await page.getByRole('combobox', { name: 'Search countries' }).fill('Philippines');
    await page.getByRole('option', { name: 'Philippines' }).click();
    await dialog.getByLabel('Latitude').fill('14.5995');
    await dialog.getByLabel('Longitude').fill('120.9842');
    await dialog.getByRole('combobox', { name: 'Time zone' }).click();
    await page.getByRole('combobox', { name: 'Search time zones' }).fill('Manila');
    await page.getByRole('option', { name: 'Asia/Manila' }).click();
    await dialog.getByRole('button', { name: 'Save place' }).click();
    await expect(markers(page)).toHaveCount(PLACED_STAFF);
    await expect(eva).toContainText('Manila, Philippines');
  });

  test('says what failed, with Retry, when the staff locations cannot be loaded', async ({ page }) => {
    await signIn(page, ADMIN);
    await page.route('**/api/staff/locations', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({
          error: 'Internal Server Error',
          message: 'Something went wrong on our side.',
        }),
      }),
    );
    await page.goto('/admin/map');
    const failed = page.locator('main [data-state="failed"]');
    await expect(failed).toContainText('Could not load the staff locations', { timeout: 15_000 });
    await expect(markers(page)).toHaveCount(0);
    await page.unroute('**/api/staff/locations');
    await failed.getByRole('button', { name: 'Retry' }).click();
    await expect(markers(page)).toHaveCount(PLACED_STAFF);
  });
});
