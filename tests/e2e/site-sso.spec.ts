import { type Browser, expect, type Page, test } from '@playwright/test';
import {
  type ProviderAccount,
  type RunningIdentityProvider,
  startIdentityProvider,
} from '@tidewatch/tools/identity-provider';
import { sidewaysOverflow } from '../support/axe';
import { formReady } from '../support/forms';
import { signIn, xsrfToken } from '../support/portal';
import { freePort, type RunningServer, startServer } from '../support/server';

/**
 * Company sign-in against a real OpenID Connect provider started here, with a server of its own
 * whose PUBLIC_URL (and so its redirect URI) names the address the browser uses.
 */
let server: RunningServer;
let provider: RunningIdentityProvider;
/** The provider's people by login name; its sign-in page is filled in with the address asked for. */
const accounts = new Map<string, ProviderAccount>();
const CLIENT = { id: 'tidewatch-e2e', secret: 'the end-to-end provider client secret' };
test.describe.configure({ mode: 'default' });

test.beforeAll(async () => {
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  provider = await startIdentityProvider({
    port: 0,
    clientId: CLIENT.id,
    clientSecret: CLIENT.secret,
    redirectUris: [`${publicUrl}/api/auth/sso/callback`],
    accounts,
  });
  server = await startServer({ port, env: { PUBLIC_URL: publicUrl } });
});
test.afterAll(async () => {
  await server?.stop();
  await provider?.close();
});

async function pageAt(browser: Browser, options: { locale?: string; width?: number } = {}): Promise<Page> {
  const context = await browser.newContext({
    baseURL: server.url,
    locale: options.locale,
    viewport: options.width ? { width: options.width, height: 844 } : undefined,
  });
  return context.newPage();
}

/** The card pointed at this test's provider for `domain`, as a manager fills it in. */
async function pointCardAtProvider(page: Page, domain: string) {
  const card = page.getByTestId('company-sign-in');
  await card.getByLabel('Issuer URL').fill(provider.issuer);
  await card.getByLabel('Client id').fill(CLIENT.id);
  await card.getByLabel('Client secret').fill(CLIENT.secret);
  await card.getByRole('textbox', { name: 'Domain 1', exact: true }).fill(domain);
  return card;
}

/** From the login page through the provider's own pages back into the portal. */
async function signInThroughCompany(page: Page, email: string) {
  await page.goto('/login');
  await formReady(page, 'login');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('link', { name: "Continue with your company's sign-in" }).click();
  await expect(page).toHaveURL(new RegExp(`^${provider.issuer}`));
  // The provider's development pages: its sign-in form (the address comes as the login hint), then consent.
  await page.getByPlaceholder('and password').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL(`${server.url}/user/servers`);
}

async function rolesIn(page: Page): Promise<string[]> {
  const session = await page.request.get('/api/auth');
  expect(session.status()).toBe(200);
  return (await session.json()).user['user/roles'];
}

test('a manager sets up company sign-in, and another customer cannot claim its domain', async ({
  browser,
}) => {
  const page = await pageAt(browser);
  await signIn(page, 'manager@acme.example');
  await page.goto('/customer/user-management');
  const card = page.getByTestId('company-sign-in');
  await expect(card.getByText('Company sign-in is not set up.', { exact: false })).toBeVisible();
  await expect(card.getByLabel('Redirect URI to register at your identity provider')).toHaveValue(
    `${server.url}/api/auth/sso/callback`,
  );
  await pointCardAtProvider(page, 'acme.example');
  await card.getByRole('button', { name: 'Add group' }).click();
  await card.getByRole('textbox', { name: 'Group 1 at your provider' }).fill('ops-leads');
  await card.getByRole('combobox', { name: 'Role of group 1' }).selectOption('customer_manager');
  await card.getByRole('button', { name: 'Save company sign-in' }).click();
  await expect(page.getByText('Company sign-in saved')).toBeVisible();
  await expect(card.getByText('Leave empty to keep the stored secret.')).toBeVisible();
  await page.context().close();

  // Globex (set up in the demo) moves to this provider and tries to take Acme's domain.
  const other = await pageAt(browser);
  await signIn(other, 'manager@globex.example');
  await other.goto('/customer/user-management');
  const otherCard = await pointCardAtProvider(other, 'acme.example');
  await otherCard.getByRole('button', { name: 'Save company sign-in' }).click();
  await expect(otherCard.getByText('Another customer signs in with acme.example already')).toBeVisible();
  await other.context().close();
});

test('the first company sign-in makes the user with the mapped role, and the groups keep the role', async ({
  browser,
}) => {
  accounts.set('erin@acme.example', { email: 'erin@acme.example', name: 'Erin Ahl', groups: ['ops-leads'] });
  const first = await pageAt(browser);
  await signInThroughCompany(first, 'erin@acme.example');
  expect(await rolesIn(first)).toEqual(['customer_manager']);
  await first.context().close();

  // Out of the group at the provider: the next sign-in is a plain user's.
  accounts.set('erin@acme.example', { email: 'erin@acme.example', name: 'Erin Ahl', groups: [] });
  const again = await pageAt(browser);
  await signInThroughCompany(again, 'erin@acme.example');
  expect(await rolesIn(again)).toEqual([]);
  await again.context().close();
});

test('a forged state comes back to the login page with a reason, in the visitor’s language', async ({
  browser,
}) => {
  const page = await pageAt(browser);
  await page.goto('/api/auth/sso/callback?code=forged&state=forged');
  await expect(page).toHaveURL(/\/login\?sso_error=/);
  await expect(page.getByText('This sign-in took too long or was used already. Start again.')).toBeVisible();

  const danish = await pageAt(browser, { locale: 'da-DK' });
  await danish.goto('/api/auth/sso/callback?code=forged&state=forged');
  await expect(danish).toHaveURL(/\/da\/login\?sso_error=/);
  await expect(
    danish.getByText('Dette login tog for lang tid eller er allerede brugt. Start forfra.'),
  ).toBeVisible();
  await page.context().close();
  await danish.context().close();
});

test('“SSO only” takes the password away on the login page and in the API', async ({ browser }) => {
  const manager = await pageAt(browser);
  await signIn(manager, 'manager@acme.example');
  await manager.goto('/customer/user-management');
  const card = manager.getByTestId('company-sign-in');
  await card.getByLabel('SSO only').check();
  await card.getByRole('button', { name: 'Save company sign-in' }).click();
  await expect(manager.getByText('Company sign-in saved')).toBeVisible();

  const visitor = await pageAt(browser);
  await visitor.goto('/login');
  await formReady(visitor, 'login');
  await visitor.getByLabel('Email').fill('user@acme.example');
  await expect(visitor.getByRole('link', { name: "Continue with your company's sign-in" })).toBeVisible();
  await expect(visitor.getByLabel('Password')).toHaveCount(0);
  const refused = await signIn(visitor, 'user@acme.example');
  expect(refused.status()).toBe(401);
  expect((await refused.json()).message).toContain('Your company signs you in with its own sign-in');

  // Passwords back on, so the card's last state is the ordinary one.
  await card.getByLabel('SSO only').uncheck();
  await card.getByRole('button', { name: 'Save company sign-in' }).click();
  await expect(manager.getByText('Company sign-in saved').last()).toBeVisible();
  await manager.context().close();
  await visitor.context().close();
});

test('the card reads in Danish and fits a phone', async ({ browser }) => {
  const page = await pageAt(browser, { width: 390 });
  await signIn(page, 'manager@acme.example');
  const speak = async (language: 'da' | 'en') =>
    page.context().request.patch('/api/user/me', {
      data: { language },
      headers: { 'x-xsrf-token': await xsrfToken(page) },
    });
  await page.goto('/customer/user-management');
  expect((await speak('da')).status()).toBe(200);
  await page.reload();
  const card = page.getByTestId('company-sign-in');
  await expect(card.getByRole('heading', { name: 'Virksomhedslogin (single sign-on)' })).toBeVisible();
  await expect(card.getByLabel('Udsteder-URL')).toHaveValue(provider.issuer);
  expect(await sidewaysOverflow(page)).toBe(0);
  expect((await speak('en')).status()).toBe(200);
  await page.context().close();
});

test('when the company sign-in cannot be read, the card says so and offers to try again', async ({
  browser,
}) => {
  const page = await pageAt(browser);
  await signIn(page, 'manager@acme.example');
  await page.route('**/api/customer/*/sso', (route) => route.fulfill({ status: 503, body: '' }));
  await page.goto('/customer/user-management');
  const card = page.getByTestId('company-sign-in');
  await expect(card.getByText('Could not load the company sign-in')).toBeVisible();
  await page.unroute('**/api/customer/*/sso');
  await card.getByRole('button', { name: 'Retry' }).click();
  await expect(card.getByLabel('Issuer URL')).toHaveValue(provider.issuer);
  await page.context().close();
});
