import { expect, type Page, test } from '@playwright/test';
import { formReady } from '../support/forms';

/** What each failure reads, in each language. */
const MESSAGES = {
  en: {
    unreachable: 'We could not reach the server. Check your connection and try again.',
    serverFailed: 'Something went wrong on our side. Try again in a few minutes.',
  },
  da: {
    unreachable: 'Vi kunne ikke få forbindelse til serveren. Tjek din forbindelse, og prøv igen.',
    serverFailed: 'Noget gik galt hos os. Prøv igen om et par minutter.',
  },
} as const;

const PASSWORD = 'a long enough passphrase';

interface SiteForm {
  page: string;
  /** The form that posts, after any steps before it are filled in. */
  formId: string;
  api: string;
  fill(page: Page): Promise<void>;
}

const field = (page: Page, formId: string, name: string) => page.locator(`form#${formId} [name="${name}"]`);

const FORMS: SiteForm[] = [
  {
    page: '/login',
    formId: 'login',
    api: '/api/auth',
    async fill(page) {
      await field(page, 'login', 'email').fill('manager@acme.example');
      await field(page, 'login', 'password').fill(PASSWORD);
    },
  },
  {
    page: '/forgot-password',
    formId: 'forgot-password',
    api: '/api/auth/password/forgot',
    fill: (page) => field(page, 'forgot-password', 'email').fill('manager@acme.example'),
  },
  {
    page: '/set-password?token=a-token-from-the-mailed-link',
    formId: 'set-password',
    api: '/api/auth/password/reset',
    fill: (page) => field(page, 'set-password', 'password').fill(PASSWORD),
  },
  {
    page: '/confirm-sign-up?token=a-token-from-the-mailed-link',
    formId: 'confirm-sign-up',
    api: '/api/sign-up/confirm',
    fill: (page) => field(page, 'confirm-sign-up', 'password').fill(PASSWORD),
  },
  {
    page: '/unsubscribe',
    formId: 'unsubscribe',
    api: '/api/marketing/unsubscribe',
    fill: (page) => field(page, 'unsubscribe', 'email').fill('reader@example.com'),
  },
  {
    page: '/sign-up',
    formId: 'sign-up-billing',
    api: '/api/sign-up',
    async fill(page) {
      await formReady(page, 'sign-up-account');
      await field(page, 'sign-up-account', 'name').fill('Ada Lovelace');
      await field(page, 'sign-up-account', 'company_name').fill('Analytical Engines');
      await field(page, 'sign-up-account', 'country').selectOption('DK');
      await field(page, 'sign-up-account', 'timezone').selectOption('Europe/Copenhagen');
      await field(page, 'sign-up-account', 'email').fill(`ada+${Date.now()}@engines.example`);
      await page.locator('form#sign-up-account button[type="submit"]').click();
      await formReady(page, 'sign-up-billing');
      await field(page, 'sign-up-billing', 'address').fill('Strandvejen 1');
      await field(page, 'sign-up-billing', 'city').fill('Hellerup');
      await field(page, 'sign-up-billing', 'zipcode').fill('2900');
      await field(page, 'sign-up-billing', 'terms_accepted').check();
    },
  },
];

const FAILURES = {
  unreachable: (page: Page, api: string) =>
    page.route(`**${api}`, (route) =>
      route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.continue(),
    ),
  serverFailed: (page: Page, api: string) =>
    page.route(`**${api}`, (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 500, contentType: 'text/plain', body: 'upstream exploded' })
        : route.continue(),
    ),
} as const;

for (const locale of ['en', 'da'] as const) {
  for (const failure of ['unreachable', 'serverFailed'] as const) {
    test(`every site form says in ${locale} what happened when ${failure === 'unreachable' ? 'the server cannot be reached' : 'the server fails'}`, async ({
      page,
    }) => {
      test.setTimeout(120_000);
      for (const form of FORMS) {
        await page.goto(locale === 'da' ? `/da${form.page}` : form.page);
        if (!form.formId.startsWith('sign-up')) await formReady(page, form.formId);
        await form.fill(page);
        await FAILURES[failure](page, form.api);
        await page.locator(`form#${form.formId} button[type="submit"]`).click();
        const alert = page.locator(`form#${form.formId} [role="alert"]`).first();
        await expect(alert, form.page).toContainText(MESSAGES[locale][failure]);
        await expect(alert, form.page).not.toContainText(
          /Failed to fetch|no response|Internal Server Error|upstream/,
        );
        await page.unrouteAll();
      }
    });
  }
}

test('the login page logs no error for a signed-out visitor', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto('/login');
  await formReady(page, 'login');
  await page.waitForLoadState('networkidle');
  expect(errors).toEqual([]);
});
