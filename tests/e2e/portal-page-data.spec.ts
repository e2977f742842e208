import { expect, type Request, test } from '@playwright/test';
import { signIn } from '../support/portal';

const MANAGER = 'manager@acme.example';

/** The server list's own request: a customer's servers, not their count or operating systems. */
const isServerList = (request: Request) =>
  request.method() === 'GET' && /\/api\/customer\/[^/]+\/servers$/.test(new URL(request.url()).pathname);

test('pointing at a sidebar link asks for that page’s data before it is opened', async ({ page }) => {
  await signIn(page, MANAGER);
  // A page that asks for no server list, so the list's request can only come from the pointer.
  await page.goto('/user/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  const listRequested = page.waitForRequest(isServerList, { timeout: 5_000 });
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: /^Servers/ })
    .hover();
  await listRequested;
  await expect(page).toHaveURL(/\/user\/settings$/);
});

test('a page that names no plan or role loads none of the content the site is written from', async ({
  page,
}) => {
  // The shell names the brand and the trial's plan from light entries; the whole content (its
  // checks, the site's text and catalogues, about 50 kB) waits for a page that lists plans or roles.
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await signIn(page, 'finance@tidewatch.example');
  await page.goto('/customer/invoices');
  await expect(page.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((script) => /\/content-[\w-]+\.js$/.test(script))).toEqual([]);
});
