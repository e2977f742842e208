import { expect, test } from '@playwright/test';
import { formReady } from '../support/forms';

test('a reader unsubscribes with a reason and is offered the way home', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Unsubscribe' }).click();
  await expect(page).toHaveURL(/\/unsubscribe$/);
  await formReady(page, 'unsubscribe');
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByText('Enter your email address')).toBeVisible();
  await page.getByRole('textbox', { name: 'Email' }).fill('reader@example.com');
  await page.getByLabel('Why are you leaving? (optional)').fill('Too much mail');
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('status')).toContainText('You are unsubscribed');
  await expect(page.getByRole('link', { name: 'Back to the homepage' })).toHaveAttribute('href', '/');
});

test('a link with a token that does not match asks for the address instead', async ({ page }) => {
  await page.goto('/da/unsubscribe?email=victim%40example.com&token=forged');
  await expect(page.getByRole('alert')).toContainText('Linket er ikke gyldigt');
  await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveValue('victim@example.com');
});
