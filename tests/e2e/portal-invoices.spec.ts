import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import { violations } from '../support/axe';
import { chooseCustomer, signIn } from '../support/portal';

const MANAGER = 'manager@acme.example';
const SHOTS = '/tmp/inv-shots';

const main = (page: Page) => page.getByRole('main');

test.describe('the invoices page', () => {
  test('lists the customer’s invoices with totals, downloads a PDF and charts the ceiling', async ({
    page,
  }) => {
    await signIn(page, MANAGER);
    // Invoices come from the finance API, with its bearer token and without the session cookie.
    const listCall = page.waitForRequest((request) =>
      request.url().includes('/api/finance/customer/invoices'),
    );
    await page.goto('/customer/invoices');
    const listHeaders = await (await listCall).allHeaders();
    expect(listHeaders.authorization).toMatch(/^Bearer /);
    expect(listHeaders.cookie).toBeUndefined();
    const table = main(page).getByRole('table', { name: 'Invoices' });
    const numbers = table.getByRole('rowheader', { name: /^ACMECORP-\d{4}$/ });
    await expect(numbers.first()).toBeVisible();
    await expect(main(page).getByTestId('invoice-totals')).toContainText('Overdue');
    await expect(table.getByRole('row').filter({ hasText: 'Overdue' })).toHaveCount(1);
    const panel = main(page).getByTestId('ceiling-panel');
    await expect(panel.getByRole('figure')).toContainText('Whole account');
    await expect(panel).toContainText('month-end forecast');
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/invoices-desktop.png`, fullPage: true });

    const number = (await numbers.first().textContent()) ?? '';
    const download = page.waitForEvent('download');
    await table.getByRole('button', { name: `Download invoice ${number} (PDF)` }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`invoice-${number}.pdf`);
    const body = readFileSync(await file.path());
    expect(body.subarray(0, 5).toString()).toBe('%PDF-');
    const parser = new PDFParse({ data: new Uint8Array(body) });
    expect((await parser.getText()).text).toContain(number);
    await parser.destroy();

    await main(page).getByLabel('Status').selectOption({ label: 'Overdue' });
    await expect(page).toHaveURL(/status=overdue/);
    await expect(table.getByRole('rowheader')).toHaveCount(1);
    // The month filters offer the last two years; older months come by the address and are shown as chosen.
    await expect(main(page).getByLabel('From month')).toHaveValue('');
    await expect(main(page).getByLabel('From month').locator('option:checked')).toHaveText('All months');
    await page.goto('/customer/invoices?status=overdue&from=2000-01&to=2000-02');
    await expect(main(page).getByLabel('From month').locator('option:checked')).toHaveText('January 2000');
    await expect(main(page).getByText('Nothing matches these filters.')).toBeVisible();

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/customer/invoices');
    await expect(numbers.first()).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/invoices-phone.png`, fullPage: true });
  });

  test('sets a ceiling on a group of servers beside the whole account’s, and checks amounts in place', async ({
    page,
  }) => {
    await signIn(page, MANAGER);
    await page.goto('/customer/invoices');
    const panel = main(page).getByTestId('ceiling-panel');
    const whole = panel.getByLabel('Whole account, monthly (EUR)');
    await expect(whole).not.toHaveValue('');
    const kept = await whole.inputValue();

    await whole.fill('-5');
    await panel.getByRole('button', { name: 'Save ceilings' }).click();
    await expect(panel.getByText('Enter an amount from 0 to 1,000,000 EUR')).toBeVisible();
    await whole.fill(kept);

    await panel.getByRole('button', { name: 'Add a group ceiling' }).click();
    await panel.getByRole('combobox', { name: /^Group 1/ }).selectOption({ label: 'production' });
    await panel.getByRole('spinbutton', { name: /^Ceiling of group 1/ }).fill('2500');
    await panel.getByRole('button', { name: 'Save ceilings' }).click();
    await expect(page.getByText('Ceilings saved')).toBeVisible();
    await expect(panel.getByRole('figure')).toContainText('production');
    await expect(panel.getByText(/^production: .* of €2,500\.00/)).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/ceilings-group.png`, fullPage: true });

    await panel.getByRole('button', { name: 'Remove group 1' }).click();
    await panel.getByRole('button', { name: 'Save ceilings' }).click();
    await expect(panel.getByRole('figure')).not.toContainText('production');
    await expect(panel.getByText('No group has a ceiling.', { exact: false })).toBeVisible();
  });

  test('shows staff every customer’s invoices until they choose one', async ({ page }) => {
    await signIn(page, 'finance@tidewatch.example');
    await page.goto('/customer/invoices');
    const table = main(page).getByRole('table', { name: 'Invoices' });
    await expect(table.getByRole('columnheader', { name: 'Customer' })).toBeVisible();
    await expect(table.getByRole('row').filter({ hasText: 'Acme Corp' }).first()).toBeVisible();
    // With a customer chosen, the list is that customer's alone and names no customer.
    await chooseCustomer(page, 'Globex');
    await expect(table.getByRole('columnheader', { name: 'Customer' })).toHaveCount(0);
    await expect(main(page).getByTestId('ceiling-panel')).toBeVisible();
    await expect(table.getByRole('rowheader', { name: /^ACMECORP-/ })).toHaveCount(0);
  });

  test('is not offered to a user without the role', async ({ page }) => {
    await signIn(page, 'user@acme.example');
    await page.goto('/customer/invoices');
    await expect(main(page).getByRole('table', { name: 'Invoices' })).toHaveCount(0);
  });
});
