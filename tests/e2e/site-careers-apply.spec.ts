import { expect, test } from '@playwright/test';
import { violations } from '../support/axe';
import { CV_FILES } from '../support/cv-files';
import { mailDir } from '../support/e2e-server';
import { formReady } from '../support/forms';
import { waitForMail } from '../support/smtp-capture';

const CAREERS = 'careers@tidewatch.example';

test('an application with a CV reaches the careers team with the CV attached', async ({ page }) => {
  const sent = Date.now();
  await page.goto('/careers#apply');
  await formReady(page, 'job-application');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Ada Lovelace');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill('ada@engines.example');
  await page.getByRole('combobox', { name: 'Position' }).selectOption('Kubernetes Platform Engineer');
  await page
    .getByLabel('CV')
    .setInputFiles({ name: 'Ada Lovelace.pdf', mimeType: 'application/pdf', buffer: CV_FILES.pdf });
  await page.getByRole('textbox', { name: 'A few lines about you (optional)' }).fill('Nine years of Debian.');
  await page.getByRole('button', { name: 'Send application' }).click();

  const thanks = page.getByRole('status');
  await expect(thanks).toContainText('Thank you, Ada Lovelace');
  await expect(thanks).toBeFocused();
  expect(await violations(page)).toEqual([]);

  const mail = await waitForMail(mailDir(), CAREERS, { after: sent });
  expect(mail.subject).toBe('Job application: Ada Lovelace, Kubernetes Platform Engineer');
  expect(mail.replyTo).toEqual(['ada@engines.example']);
  expect(mail.attachments).toEqual([
    { filename: 'Ada Lovelace.pdf', mimeType: 'application/pdf', size: CV_FILES.pdf.length },
  ]);
});

test('a file that is not a CV format is refused in place, in Danish on the Danish page', async ({ page }) => {
  await page.goto('/da/careers#apply');
  await formReady(page, 'job-application');
  await page.getByRole('button', { name: 'Send ansøgning' }).click();
  await expect(page.getByText('Vedhæft dit CV')).toBeVisible();

  await page.getByRole('textbox', { name: 'Navn', exact: true }).fill('Karen Blixen');
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill('karen@rungstedlund.example');
  await page.getByRole('combobox', { name: 'Stilling' }).selectOption('Uopfordret ansøgning');
  await page
    .getByLabel('CV')
    .setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: CV_FILES.pngNamedPdf });
  await page.getByRole('button', { name: 'Send ansøgning' }).click();
  await expect(page.getByText('Send dit CV som en PDF-, DOCX- eller ODT-fil')).toBeVisible();
});

test.describe('before the script runs', () => {
  test.use({ javaScriptEnabled: false });

  for (const { path, confirmation } of [
    { path: '/careers', confirmation: 'Your application is with our team' },
    { path: '/da/careers', confirmation: 'Din ansøgning er hos vores team' },
  ]) {
    test(`the form on ${path} is posted by the browser and the page confirms it`, async ({ page }) => {
      const sent = Date.now();
      await page.goto(`${path}#apply`);
      const form = page.locator('form#job-application');
      await form.locator('[name="name"]').fill('Grace Hopper');
      await form.locator('[name="email"]').fill('grace@navy.example');
      await form.locator('[name="role"]').selectOption({ index: 1 });
      await form.locator('[name="cv"]').setInputFiles({
        name: 'cv.odt',
        mimeType: 'application/vnd.oasis.opendocument.text',
        buffer: CV_FILES.odt,
      });
      await form.locator('button[type="submit"]').click();

      await expect(page).toHaveURL(new RegExp(`${path}#application-sent$`));
      await expect(page.locator('#application-sent')).toBeVisible();
      await expect(page.locator('#application-sent')).toContainText(confirmation);
      await expect(page.locator('#application-not-sent')).toBeHidden();
      const mail = await waitForMail(mailDir(), CAREERS, { after: sent });
      expect(mail.attachments[0]).toMatchObject({ filename: 'cv.odt' });
    });
  }

  test('a refused post comes back to the page, which says what to check', async ({ page }) => {
    await page.goto('/careers#apply');
    const form = page.locator('form#job-application');
    await form.locator('[name="name"]').fill('Grace Hopper');
    await form.locator('[name="email"]').fill('grace@navy.example');
    await form.locator('[name="role"]').selectOption({ index: 1 });
    await form
      .locator('[name="cv"]')
      .setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: CV_FILES.pngNamedPdf });
    await form.locator('button[type="submit"]').click();
    await expect(page).toHaveURL(/\/careers#application-not-sent$/);
    await expect(page.locator('#application-not-sent')).toContainText('Your application was not sent');
  });
});
