import { expect, test } from '@playwright/test';
import { violations } from '../support/axe';
import { mailDir } from '../support/e2e-server';
import { changeNextRequest, formReady } from '../support/forms';
import { waitForMail } from '../support/smtp-capture';

test('a partner applies from the reseller page, and the application reaches sales', async ({ page }) => {
  const applied = Date.now();
  await page.goto('/reseller');
  await page.getByRole('main').getByRole('link', { name: 'Apply', exact: true }).first().click();
  await expect(page).toHaveURL(/\/reseller#apply$/);
  const section = page.locator('#apply');
  await formReady(page, 'reseller-apply');
  await section.getByRole('textbox', { name: 'Company', exact: true }).fill('Fjord Hosting A/S');
  await section.getByRole('textbox', { name: 'Contact name', exact: true }).fill('Niels Bohr');
  await section.getByRole('textbox', { name: 'Email', exact: true }).fill('niels@fjordhosting.example');
  await section.getByRole('combobox', { name: 'Country' }).selectOption({ label: 'Denmark' });
  await section
    .getByRole('combobox', { name: 'Expected new customers in the first year' })
    .selectOption({ label: '5 to 9 customers' });
  await section.getByRole('textbox', { name: 'About your business (optional)' }).fill('We host 300 shops.');
  await section.getByRole('button', { name: 'Send application' }).click();

  await expect(section.getByRole('status')).toContainText('Thank you for applying');
  expect(await violations(page)).toEqual([]);
  const mail = await waitForMail(mailDir(), 'sales@tidewatch.example', { after: applied });
  expect(mail.subject).toBe('Reseller application: Niels Bohr, Fjord Hosting A/S');
  expect(mail.text).toContain('Country: Denmark (DK)');
  expect(mail.text).toContain('Expected customers in the first year: 5-9');
  expect(mail.replyTo).toEqual(['niels@fjordhosting.example']);
});

test('what is missing is said in place, and so is what only the server finds', async ({ page }) => {
  await page.goto('/reseller#apply');
  const section = page.locator('#apply');
  await formReady(page, 'reseller-apply');
  await section.getByRole('button', { name: 'Send application' }).click();
  for (const message of [
    'Enter your company name',
    'Enter the name of the contact person',
    'Enter your email address',
    'Choose a country',
    'Choose how many customers you expect',
  ]) {
    // In the field's error list, not the select's placeholder option that says the same.
    await expect(section.getByRole('listitem').filter({ hasText: message })).toBeVisible();
  }
  expect(await violations(page)).toEqual([]);

  await section.getByRole('textbox', { name: 'Company', exact: true }).fill('Fjord Hosting A/S');
  await section.getByRole('textbox', { name: 'Contact name', exact: true }).fill('Niels Bohr');
  await section.getByRole('textbox', { name: 'Email', exact: true }).fill('niels@fjordhosting.example');
  await section.getByRole('combobox', { name: 'Country' }).selectOption('SE');
  await section
    .getByRole('combobox', { name: 'Expected new customers in the first year' })
    .selectOption('25+');
  await changeNextRequest(page, '/api/leads/reseller-applications', (body) => ({ ...body, country: 'XX' }));
  await section.getByRole('button', { name: 'Send application' }).click();
  const country = section.getByRole('combobox', { name: 'Country' });
  await expect(country).toHaveAttribute('aria-invalid', 'true');
  await expect(country).toHaveAccessibleDescription('Choose a country');
  await expect(section.getByRole('status')).toHaveCount(0);
});

test('in Danish, the messages are Danish', async ({ page }) => {
  await page.goto('/da/reseller#apply');
  const section = page.locator('#apply');
  await formReady(page, 'reseller-apply');
  // Danish visitors start with Denmark chosen.
  await expect(section.getByRole('combobox', { name: 'Land' })).toHaveValue('DK');
  await section.getByRole('button', { name: 'Send ansøgning' }).click();
  for (const message of [
    'Skriv virksomhedens navn',
    'Skriv kontaktpersonens navn',
    'Skriv din e-mailadresse',
    'Vælg, hvor mange kunder du forventer',
  ]) {
    await expect(section.getByText(message)).toBeVisible();
  }
  await section.getByRole('textbox', { name: 'E-mail', exact: true }).fill('niels@');
  await section.getByRole('textbox', { name: 'E-mail', exact: true }).blur();
  await expect(section.getByText('Skriv en gyldig e-mailadresse')).toBeVisible();
  expect(await violations(page)).toEqual([]);
});
