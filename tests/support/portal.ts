import type { Page } from '@playwright/test';

export const DEMO_PASSWORD = 'tidewatch-demo';

/** Signs in through the API in the page's browser context, as the sign-in page would. */
export async function signIn(page: Page, email: string, options: { code?: string; password?: string } = {}) {
  const request = page.context().request;
  await request.get('/api/auth');
  const response = await request.post('/api/auth', {
    data: { email, password: options.password ?? DEMO_PASSWORD, ...(options.code && { code: options.code }) },
    headers: { 'x-xsrf-token': await xsrfToken(page) },
  });
  return response;
}

export async function xsrfToken(page: Page): Promise<string> {
  const cookies = await page.context().cookies();
  return decodeURIComponent(cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '');
}

/** The sidebar's labels, top to bottom (badges left out); assert with toHaveText, which waits for late items. */
export function sidebarLabels(page: Page) {
  return page.getByRole('navigation', { name: /Main|Hovedmenu/ }).locator('a > span:first-of-type');
}

export async function userMenuEntries(page: Page): Promise<string[]> {
  await page.getByTestId('user-menu').click();
  await page.getByRole('menu').waitFor();
  const entries = await page.getByRole('menuitem').allTextContents();
  await page.keyboard.press('Escape');
  return entries;
}

/** Picks from a searchable select: opens it, types into its search box, and clicks the first option that matches. */
export async function pickSearchable(page: Page, select: string, search: string, text: string) {
  await page.getByRole('combobox', { name: select, exact: true }).click();
  await page.getByRole('combobox', { name: search }).fill(text);
  await page.getByRole('option', { name: text }).first().click();
  await page.getByRole('combobox', { name: search }).waitFor({ state: 'hidden' });
}

/** Staff choose the customer they look at in the header's customer picker, by typing part of its name. */
export async function chooseCustomer(page: Page, name: string) {
  await pickSearchable(page, 'Customer', 'Search customers', name);
}
