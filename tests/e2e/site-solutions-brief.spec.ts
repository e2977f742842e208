import { expect, type Page, test } from '@playwright/test';
import { violations } from '../support/axe';
import { mailDir } from '../support/e2e-server';
import { changeNextRequest, formReady } from '../support/forms';
import { linkIn, waitForMail } from '../support/smtp-capture';

async function fill(page: Page, labels: Record<string, string>) {
  for (const [label, value] of Object.entries(labels)) {
    await page.getByRole('textbox', { name: label, exact: true }).fill(value);
  }
}

/** The brief the link points at is a real PDF. */
async function expectPdf(page: Page, url: URL) {
  const response = await page.request.get(url.pathname);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/pdf');
  expect((await response.body()).subarray(0, 5).toString()).toBe('%PDF-');
}

test('a visitor asks for the brief: the download starts, and the link arrives by mail', async ({ page }) => {
  const asked = Date.now();
  await page.goto('/');
  // Solutions Brief sits in the nav's About group.
  await page.getByRole('banner').locator('summary', { hasText: 'About' }).click();
  await page.getByRole('banner').getByRole('link', { name: 'Solutions Brief' }).click();
  await expect(page).toHaveURL(/\/about-us\/solutions-brief$/);
  await formReady(page, 'solutions-brief');
  await fill(page, {
    Name: 'Karen Blixen',
    'Work email': 'karen@rungstedlund.example',
    'Phone number': '+45 12 34 56 78',
    Company: 'Rungstedlund ApS',
    'Job role': 'Head of IT',
  });
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Get the solutions brief' }).click();
  expect((await download).suggestedFilename()).toBe('solutions-brief.pdf');
  const notice = page.getByRole('status');
  await expect(notice).toContainText('Your download has started');
  await expect(notice).toContainText('We also sent the link to karen@rungstedlund.example');
  await expect(notice.getByRole('link', { name: 'Download the solutions brief (PDF)' })).toHaveAttribute(
    'href',
    '/downloads/solutions-brief.pdf',
  );
  expect(await violations(page)).toEqual([]);

  const mail = await waitForMail(mailDir(), 'karen@rungstedlund.example', { after: asked });
  expect(mail.subject).toBe('Your Tidewatch solutions brief');
  const link = linkIn(mail, '/downloads/solutions-brief.pdf');
  await expectPdf(page, link);
  // The mail comes from sales; its unsubscribe link confirms with one click.
  const unsubscribe = linkIn(mail, '/unsubscribe');
  // Held back a moment on its way to the server, so the page's confirming state can be seen.
  await page.route('**/api/marketing/unsubscribe', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 500));
    await route.continue();
  });
  await page.goto(unsubscribe.pathname + unsubscribe.search);
  await expect(page.getByRole('status')).toContainText('Unsubscribing karen@rungstedlund.example…');
  await expect(page.getByRole('status')).toContainText('You are unsubscribed');
  const salesNotice = await waitForMail(mailDir(), 'sales@tidewatch.example', { after: asked });
  expect(salesNotice.subject).toBe('Solutions brief downloaded: Karen Blixen, Rungstedlund ApS');
});

test('the server’s field errors show in place', async ({ page }) => {
  await page.goto('/about-us/solutions-brief');
  await formReady(page, 'solutions-brief');
  await page.getByRole('button', { name: 'Get the solutions brief' }).click();
  for (const message of [
    'Enter your name',
    'Enter your email address',
    'Enter your phone number',
    'Enter your company name',
    'Enter your job role',
  ]) {
    await expect(page.getByText(message)).toBeVisible();
  }
  await fill(page, {
    Name: 'Karen Blixen',
    'Work email': 'karen@rungstedlund.example',
    'Phone number': '+45 12 34 56 78',
    Company: 'Rungstedlund ApS',
    'Job role': 'Head of IT',
  });
  await changeNextRequest(page, '/api/leads/solutions-brief', (body) => ({ ...body, phone: 'call me' }));
  await page.getByRole('button', { name: 'Get the solutions brief' }).click();
  const phone = page.getByRole('textbox', { name: 'Phone number', exact: true });
  await expect(phone).toHaveAttribute('aria-invalid', 'true');
  await expect(phone).toHaveAccessibleDescription(/Enter a phone number, such as \+45 12 34 56 78/);
  await expect(page.getByRole('status')).toHaveCount(0);
  expect(await violations(page)).toEqual([]);
});

test('in Danish: Danish messages, then the Danish brief by mail', async ({ page }) => {
  const asked = Date.now();
  await page.goto('/da/about-us/solutions-brief');
  await formReady(page, 'solutions-brief');
  await page.getByRole('button', { name: 'Hent løsningsoverblikket' }).click();
  for (const message of [
    'Skriv dit navn',
    'Skriv din e-mailadresse',
    'Skriv dit telefonnummer',
    'Skriv virksomhedens navn',
    'Skriv din stilling',
  ]) {
    await expect(page.getByText(message)).toBeVisible();
  }
  await fill(page, {
    Navn: 'Karen Blixen',
    Arbejdsmail: 'karen.da@rungstedlund.example',
    Telefonnummer: '12',
    Virksomhed: 'Rungstedlund ApS',
    Stilling: 'IT-chef',
  });
  await page.getByRole('textbox', { name: 'Telefonnummer', exact: true }).blur();
  await expect(page.getByText('Skriv et telefonnummer, f.eks. +45 12 34 56 78')).toBeVisible();
  await fill(page, { Telefonnummer: '+45 12 34 56 78' });
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Hent løsningsoverblikket' }).click();
  await download;
  await expect(page.getByRole('status')).toContainText('Din overførsel er gået i gang');

  const mail = await waitForMail(mailDir(), 'karen.da@rungstedlund.example', { after: asked });
  expect(mail.subject).toBe('Dit løsningsoverblik fra Tidewatch');
  await expectPdf(page, linkIn(mail, '/da/downloads/solutions-brief.pdf'));
});
