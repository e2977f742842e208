import { expect, type Page, test } from '@playwright/test';

/** Every page with a form island, the form's id, and the name of a text field to press Enter in. */
const FORMS = [
  { path: '/login', form: 'login', field: 'email' },
  { path: '/sign-up', form: 'sign-up-account', field: 'name' },
  { path: '/unsubscribe', form: 'unsubscribe', field: 'email' },
  { path: '/forgot-password', form: 'forgot-password', field: 'email' },
  { path: '/set-password?token=abc', form: 'set-password', field: 'password' },
  { path: '/confirm-sign-up?token=abc', form: 'confirm-sign-up', field: 'password' },
  { path: '/about-us', form: 'contact', field: 'name' },
  { path: '/reseller', form: 'reseller-apply', field: 'company' },
  { path: '/about-us/solutions-brief', form: 'solutions-brief', field: 'name' },
];

/** Whether the page starts loading another document (a form post) within a moment. */
async function navigatesAway(page: Page, action: () => Promise<void>) {
  const navigation = page.waitForRequest((request) => request.isNavigationRequest(), { timeout: 1500 });
  await action();
  return navigation.then(
    () => true,
    () => false,
  );
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const { path, form, field } of FORMS) {
    test(`the form on ${path} cannot be sent, and says why`, async ({ page }) => {
      await page.goto(path);
      const formElement = page.locator(`form#${form}`);
      const submit = formElement.locator('button[type="submit"]');
      await expect(submit).toBeDisabled();
      // Playwright's text matching skips <noscript>; the browser's own rendering of it does not.
      await expect(formElement).toContainText('It needs JavaScript, which is turned off in this browser.', {
        useInnerText: true,
      });
      await expect(formElement.getByText('The form is getting ready…')).toBeHidden();
      const input = formElement.locator(`[name="${field}"]`);
      await input.fill('Someone');
      expect(await navigatesAway(page, () => input.press('Enter')), 'Enter sends the form').toBe(false);
      expect(await navigatesAway(page, () => submit.click({ force: true })), 'the button sends it').toBe(
        false,
      );
      await expect(page).toHaveURL(new RegExp(`${path.replace(/[?]/g, '\\$&')}$`));
    });
  }

  test('a Danish form says why in Danish', async ({ page }) => {
    await page.goto('/da/login');
    const form = page.locator('form#login');
    await expect(form.locator('button[type="submit"]')).toBeDisabled();
    await expect(form).toContainText('Den kræver JavaScript, som er slået fra i denne browser.', {
      useInnerText: true,
    });
  });
});

test('with JavaScript the form says it is getting ready until it hydrates', async ({ page }) => {
  let hydrate: () => void = () => undefined;
  const scriptsHeld = new Promise<void>((resolve) => {
    hydrate = resolve;
  });
  // Hold the island's code back to see the page as it is before hydration.
  await page.route(/\/_astro\/login-form\.[^/]+\.js$/, async (route) => {
    await scriptsHeld;
    await route.continue();
  });
  await page.goto('/da/login', { waitUntil: 'domcontentloaded' });
  const form = page.locator('form#login');
  await expect(form.getByRole('button', { name: 'Log ind', exact: true })).toBeDisabled();
  await expect(form.getByText('Formularen gøres klar…')).toBeVisible();
  hydrate();
  await expect(form.getByRole('button', { name: 'Log ind', exact: true })).toBeEnabled();
  await expect(form.getByText('Formularen gøres klar…')).toHaveCount(0);
});

test.describe('the pricing discount calculator', () => {
  const plan = (page: Page) => page.getByRole('combobox', { name: 'Plan' });
  const units = (page: Page) => page.getByRole('spinbutton', { name: 'Servers or nodes' });
  const summary = (page: Page) => page.getByTestId('discount-summary');

  test('before it hydrates, its plan and units cannot be changed, so the price is the shown plan’s', async ({
    page,
  }) => {
    let hydrate: () => void = () => undefined;
    const scriptsHeld = new Promise<void>((resolve) => {
      hydrate = resolve;
    });
    await page.route(/\/_astro\/discount-calculator\.[^/]+\.js$/, async (route) => {
      await scriptsHeld;
      await route.continue();
    });
    await page.goto('/pricing', { waitUntil: 'domcontentloaded' });
    await plan(page).scrollIntoViewIfNeeded();
    await expect(plan(page)).toBeDisabled();
    await expect(units(page)).toBeDisabled();
    const shown = await plan(page).evaluate(
      (select: HTMLSelectElement) => select.selectedOptions[0]?.text ?? '',
    );
    await expect(summary(page)).toContainText(`a month for 10 ${shown} units`);

    hydrate();
    await expect(plan(page)).toBeEnabled();
    await plan(page).selectOption({ label: 'Platinum' });
    await units(page).fill('25');
    await expect(summary(page)).toContainText('a month for 25 Platinum units');
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });
    test('its controls stay still, beside the example price of the plan they show', async ({ page }) => {
      await page.goto('/da/pricing');
      await expect(page.getByRole('combobox', { name: 'Plan' })).toBeDisabled();
      const shown = await page
        .getByRole('combobox', { name: 'Plan' })
        .evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.text ?? '');
      await expect(summary(page)).toContainText(shown);
    });
  });
});

test('the cost calculator offers nothing to type or apply until it hydrates, then applies in place', async ({
  page,
}) => {
  let hydrate: () => void = () => undefined;
  const scriptsHeld = new Promise<void>((resolve) => {
    hydrate = resolve;
  });
  await page.route(/\/_astro\/cost-calculator\.[^/]+\.js$/, async (route) => {
    await scriptsHeld;
    await route.continue();
  });
  await page.goto('/why-tidewatch', { waitUntil: 'domcontentloaded' });
  const apply = page.getByRole('button', { name: 'Apply Changes' });
  const juniors = page.getByRole('spinbutton', { name: 'Number of junior SREs' });
  await apply.scrollIntoViewIfNeeded();
  await expect(apply).toBeDisabled();
  await expect(juniors).toBeDisabled();

  hydrate();
  await expect(apply).toBeEnabled();
  const before = await page.getByTestId('cost-summary').textContent();
  await juniors.fill('70');
  await apply.click();
  await expect(page).toHaveURL(/\/why-tidewatch$/);
  await expect(page.getByTestId('cost-summary')).not.toHaveText(before ?? '');
});
