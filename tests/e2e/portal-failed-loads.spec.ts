import { expect, type Locator, type Page, test } from '@playwright/test';
import { chooseCustomer, signIn } from '../support/portal';
import { CASES, LOADS_NOTHING, MANAGER, portalPaths } from '../support/portal-routes';

// Each test breaks the API in its own browser context only and changes no data: both workers share them.
test.describe.configure({ mode: 'parallel' });

/** The session and sign-in calls stay up: without them there is no portal to look at. */
const staysUp = (url: URL) => url.pathname === '/api/auth' || url.pathname === '/api/auth/status';

/** Answers every other API read with a 500. */
async function breakApi(page: Page) {
  await page.route('**/api/**', (route) => {
    const url = new URL(route.request().url());
    if (route.request().method() !== 'GET' || staysUp(url)) return route.fallback();
    return route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ error: 'Internal Server Error', message: 'Something went wrong on our side.' }),
    });
  });
}

/**
 * Server errors are asked again twice, a second and then two apart, before a page gives up: the
 * page's clock jumps over those waits until `assertion` holds, so the walk does not sit them out.
 */
async function skippingRetries(page: Page, assertion: () => Promise<void>) {
  await expect(async () => {
    await page.clock.fastForward(2_000);
    await assertion();
  }).toPass({ timeout: 15_000 });
}

/** Loading markers, skeleton-busy regions and the portal's empty-state wording. */
const loadingOrEmpty = (main: Locator) =>
  main.locator('[data-state="loading"], [data-state="empty"], [aria-busy="true"]');
const emptyWording = (main: Locator) => main.getByText(/^(Loading\b|No |Nobody |None:)/);

test('every portal route is listed here with an address and a user who can open it', () => {
  const missing = portalPaths.filter((path) => !LOADS_NOTHING.has(path) && !CASES[path]);
  expect(missing, 'routes without a failed-load case').toEqual([]);
});

for (const path of portalPaths.filter((path) => !LOADS_NOTHING.has(path))) {
  test(`${path}: a failed load says so with Retry, never loading or empty`, async ({ page }) => {
    const pageCase = CASES[path];
    test.skip(!pageCase, 'listed as missing by the test above');
    if (!pageCase) return;
    await page.clock.install();
    await signIn(page, pageCase.user);
    if (pageCase.customer) {
      // Chosen while the API answers; the choice is kept, so the page asks for that customer's data.
      await page.goto(pageCase.url);
      await chooseCustomer(page, pageCase.customer);
    }
    await breakApi(page);
    await page.goto(pageCase.url);
    const main = page.locator('main');

    const failed = main.locator('[data-state="failed"]');
    if (pageCase.loadsOnOpen !== false) {
      await skippingRetries(page, () => expect(failed.first()).toBeVisible({ timeout: 500 }));
      await expect(failed.first()).toHaveAttribute('role', 'alert');
      await expect(failed.first().getByRole('button', { name: 'Retry' })).toBeVisible();
    }
    await skippingRetries(page, () => expect(loadingOrEmpty(main)).toHaveCount(0, { timeout: 500 }));
    await expect(emptyWording(main)).toHaveCount(0);

    await page.unroute('**/api/**');
    await expect(async () => {
      for (const retry of await failed.getByRole('button', { name: 'Retry' }).all()) {
        await retry.click({ timeout: 1_000 }).catch(() => {});
      }
      await expect(failed).toHaveCount(0, { timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await expect(pageCase.data(main).first()).toBeVisible();
  });
}

test('on a phone, a failed list says so in view, though its columns scroll sideways', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await signIn(page, MANAGER);
  await breakApi(page);
  await page.goto('/user/servers');
  // The list's own failed state, not the tag filter's one-line one above it.
  const failed = page.locator('main [data-state="failed"]').filter({ has: page.getByRole('heading') });
  await expect(failed).toBeVisible({ timeout: 15_000 });
  for (const part of [failed.getByRole('heading'), failed.getByRole('button', { name: 'Retry' })]) {
    const box = await part.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390, 'inside the screen').toBe(true);
  }
});
