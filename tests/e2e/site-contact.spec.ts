import { expect, test } from '@playwright/test';
import { violations } from '../support/axe';
import { mailDir } from '../support/e2e-server';
import { changeNextRequest, formReady } from '../support/forms';
import { waitForMail } from '../support/smtp-capture';

const SALES = 'sales@tidewatch.example';

test("the nav's Contact Us lands on the form; a message sent by keyboard reaches sales", async ({ page }) => {
  const sent = Date.now();
  await page.goto('/');
  // Contact Us sits in the nav's About group.
  await page.getByRole('banner').locator('summary', { hasText: 'About' }).click();
  await page.getByRole('banner').getByRole('link', { name: 'Contact Us' }).click();
  await expect(page).toHaveURL(/\/about-us#contact-form$/);
  await expect(page.getByRole('heading', { name: 'Send us a message' })).toBeInViewport();
  const name = page.getByRole('textbox', { name: 'Name', exact: true });
  await expect(name).toBeInViewport();
  await formReady(page, 'contact');

  // Keyboard only: the fields in order, past the bots' field, to the button.
  await name.focus();
  await page.keyboard.type('Grace Hopper');
  await page.keyboard.press('Tab');
  await page.keyboard.type('grace@navy.example');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Naval Computing');
  await page.keyboard.press('Tab');
  await page.keyboard.type('We run 40 Ubuntu servers. Can you take the night shift?');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Send message' })).toBeFocused();
  await page.keyboard.press('Enter');

  const thanks = page.getByRole('status');
  await expect(thanks).toContainText('Thank you, Grace Hopper');
  await expect(thanks).toBeFocused();
  expect(await violations(page)).toEqual([]);

  const mail = await waitForMail(mailDir(), SALES, { after: sent });
  expect(mail.subject).toBe('Message from the contact form: Grace Hopper, Naval Computing');
  expect(mail.replyTo).toEqual(['grace@navy.example']);
  expect(mail.text).toContain('Can you take the night shift?');
});

test('the form says what is missing, and shows the server’s field errors in place', async ({ page }) => {
  await page.goto('/about-us#contact-form');
  await formReady(page, 'contact');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Enter your name')).toBeVisible();
  await expect(page.getByText('Enter your email address')).toBeVisible();
  await expect(page.getByText('Write your message')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  expect(await violations(page)).toEqual([]);

  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Grace Hopper');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill('grace@navy.example');
  await page.getByRole('textbox', { name: 'Message' }).fill('Hello');
  // The browser checks the same schema first; the server's answer is reached by changing the request.
  await changeNextRequest(page, '/api/leads/contact', (body) => ({ ...body, email: 'grace@navy' }));
  await page.getByRole('button', { name: 'Send message' }).click();
  const email = page.getByRole('textbox', { name: 'Email', exact: true });
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveAccessibleDescription('Enter a valid email address');
  await expect(page.getByRole('status')).toHaveCount(0);
});

test('the Danish form speaks Danish, in the browser and from the server', async ({ page }) => {
  await page.goto('/da/about-us#contact-form');
  await expect(page.getByRole('heading', { name: 'Skriv til os' })).toBeInViewport();
  await formReady(page, 'contact');
  await page.getByRole('button', { name: 'Send besked' }).click();
  await expect(page.getByText('Skriv dit navn')).toBeVisible();
  await expect(page.getByText('Skriv din e-mailadresse')).toBeVisible();
  await expect(page.getByText('Skriv din besked')).toBeVisible();
  await page.getByRole('textbox', { name: 'E-mail' }).fill('grace@');
  await page.getByRole('textbox', { name: 'E-mail' }).blur();
  await expect(page.getByText('Skriv en gyldig e-mailadresse')).toBeVisible();

  await page.getByRole('textbox', { name: 'Navn' }).fill('Grace Hopper');
  await page.getByRole('textbox', { name: 'E-mail' }).fill('grace@navy.example');
  await page.getByRole('textbox', { name: 'Besked' }).fill('Hej');
  await changeNextRequest(page, '/api/leads/contact', (body) => ({ ...body, name: ' ' }));
  await page.getByRole('button', { name: 'Send besked' }).click();
  await expect(page.getByRole('textbox', { name: 'Navn' })).toHaveAccessibleDescription('Skriv dit navn');
  expect(await violations(page)).toEqual([]);
});

test('the field for bots is out of reach: not in the tab order, not in the accessibility tree', async ({
  page,
}) => {
  await page.goto('/about-us#contact-form');
  const trap = page.locator('input[name="website"]');
  await expect(trap).toHaveCount(1);
  await expect(trap).toHaveAttribute('tabindex', '-1');
  await expect(page.getByRole('textbox', { name: 'Leave this field empty' })).toHaveCount(0);
  const box = await trap.boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(0);
});
