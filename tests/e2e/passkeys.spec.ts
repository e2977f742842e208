import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { sidewaysOverflow } from '../support/axe';
import { DEMO_PASSWORD, signIn, xsrfToken } from '../support/portal';
import { freePort, type RunningServer, startServer } from '../support/server';

/**
 * WebAuthn refuses an IP address as the relying party's id, so this file's server runs with a
 * PUBLIC_URL on localhost, and the browser goes there. Chromium's virtual authenticator plays the
 * person's device: a platform passkey with user verification that answers at once.
 */
let server: RunningServer;
let origin: string;
// One worker runs the file, so the server above starts once.
test.describe.configure({ mode: 'default' });

test.beforeAll(async () => {
  const port = await freePort();
  origin = `http://localhost:${port}`;
  server = await startServer({ port, env: { PUBLIC_URL: origin } });
});
test.afterAll(async () => {
  await server?.stop();
});

async function withAuthenticator(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

async function newPage(browser: Browser, viewport = { width: 1280, height: 900 }) {
  const context = await browser.newContext({ baseURL: origin, viewport });
  const page = await context.newPage();
  await withAuthenticator(context, page);
  return page;
}

const card = (page: Page) =>
  page.locator('section').filter({ has: page.getByRole('heading', { name: 'Passkeys', exact: true }) });

async function addPasskey(page: Page, name: string) {
  await page.goto('/user/settings');
  const passkeys = card(page);
  await passkeys.getByRole('textbox', { name: 'Name of the new passkey' }).fill(name);
  await passkeys.getByRole('button', { name: 'Add passkey' }).click();
  return passkeys;
}

test('adds a passkey in settings, signs in with it from the login page, and removes it', async ({
  browser,
}) => {
  const page = await newPage(browser);
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email' }).fill('user@acme.example');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await page.waitForURL('**/user/servers');

  await page.goto('/user/settings');
  await expect(card(page).getByText('You have no passkeys yet.')).toBeVisible();
  const passkeys = await addPasskey(page, 'Test laptop');
  await expect(passkeys.getByTestId('recovery-codes').locator('li')).toHaveCount(10);
  await passkeys.getByRole('button', { name: 'Done' }).click();
  await expect(passkeys.getByTestId('passkey')).toHaveText(/Test laptop.*Not used yet/);

  // Signed out, the password alone no longer signs in: the second step offers the passkey.
  await page.context().request.delete('/api/auth', { headers: { 'x-xsrf-token': await xsrfToken(page) } });
  await page.context().clearCookies();
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email' }).fill('user@acme.example');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByText('Use your passkey, or enter one of your recovery codes')).toBeVisible();
  await page.getByRole('button', { name: 'Use your passkey' }).click();
  await page.waitForURL('**/user/servers');

  await page.context().request.delete('/api/auth', { headers: { 'x-xsrf-token': await xsrfToken(page) } });
  await page.context().clearCookies();
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await page.waitForURL('**/user/servers');

  await page.goto('/user/settings');
  const listed = card(page);
  await expect(listed.getByTestId('passkey')).toHaveText(/Test laptop.*Last used/);
  await listed.getByRole('button', { name: 'Remove' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Remove the passkey “Test laptop”?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Remove passkey' }).click();
  await expect(listed.getByText('You have no passkeys yet.')).toBeVisible();
  await page.context().close();
});

test('shows the failed state when the passkeys cannot be loaded, and Retry brings them', async ({
  browser,
}) => {
  const page = await newPage(browser);
  await signIn(page, 'manager@acme.example');
  let failing = true;
  await page.route('**/api/account/passkeys', (route) =>
    failing && route.request().method() === 'GET'
      ? route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: '{"error":"Unavailable","message":"The database does not answer"}',
        })
      : route.fallback(),
  );
  await page.goto('/user/settings');
  const failed = card(page).locator('[data-state="failed"]');
  await expect(failed.getByText('Could not load your passkeys')).toBeVisible();
  failing = false;
  await failed.getByRole('button', { name: 'Retry' }).click();
  await expect(card(page).getByText('You have no passkeys yet.')).toBeVisible();
  await page.context().close();
});

test('fits 390 px without sideways scrolling', async ({ browser }) => {
  const page = await newPage(browser, { width: 390, height: 900 });
  await signIn(page, 'manager@acme.example');
  await addPasskey(page, 'A phone with a rather long passkey name for a narrow screen');
  await expect(card(page).getByTestId('recovery-codes')).toBeVisible();
  await card(page).getByRole('button', { name: 'Done' }).click();
  await expect(card(page).getByTestId('passkey')).toBeVisible();
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  await page.context().close();
});

test('shows the card in Danish', async ({ browser }) => {
  const page = await newPage(browser);
  await signIn(page, 'manager@globex.example');
  const language = await page.context().request.patch('/api/user/me', {
    data: { language: 'da' },
    headers: { 'x-xsrf-token': await xsrfToken(page) },
  });
  expect(language.status()).toBe(200);
  await page.goto('/user/settings');
  await expect(page.getByRole('heading', { name: 'Adgangsnøgler', exact: true })).toBeVisible();
  await expect(page.getByText('Du har ingen adgangsnøgler endnu.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Tilføj adgangsnøgle' })).toBeVisible();
  await page.context().close();
});
