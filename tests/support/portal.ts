import type { Page } from '@playwright/test';

/** Signing in is shared with the portal screenshots (tools/). */
export { DEMO_PASSWORD, signIn, xsrfToken } from '@tidewatch/tools/sign-in';

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
