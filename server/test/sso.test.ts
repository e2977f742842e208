import { createHash } from 'node:crypto';
import { REFUSALS } from '@tidewatch/contract';
import { eq, inArray, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type ProviderAccount,
  type RunningIdentityProvider,
  signInAtProvider,
  startIdentityProvider,
} from '../../tools/support/identity-provider';
import { auditLog, customerSso, outbox, sessions, ssoFlows, users } from '../src/db/schema';
import { ssoSecretBox } from '../src/modules/sso';
import { json, TEST_SECRET, type TestBrowser, useTestApp } from './helpers';

const t = useTestApp();
const CALLBACK = 'http://localhost:3000/api/auth/sso/callback';
const CLIENT = { id: 'tidewatch-test', secret: 'a client secret of the test provider' };
/** The provider's people, by login name (its subject); the tests change them between steps. */
const accounts = new Map<string, ProviderAccount>();
let provider: RunningIdentityProvider;

beforeAll(async () => {
  provider = await startIdentityProvider({
    port: 0,
    clientId: CLIENT.id,
    clientSecret: CLIENT.secret,
    redirectUris: [CALLBACK],
    accounts,
  });
});
afterAll(async () => provider?.close());

beforeEach(async () => {
  accounts.clear();
  const { db } = t.database;
  await db.delete(customerSso).where(inArray(customerSso.customerId, ['acmecorp', 'globexco']));
  await db.delete(users).where(inArray(users.email, ['ana@acme.example', 'ben@acme.example']));
  await db.update(users).set({ ssoSubject: null }).where(eq(users.email, 'user@acme.example'));
});

const settings = (overrides: Record<string, unknown> = {}) => ({
  issuer: provider.issuer,
  client_id: CLIENT.id,
  client_secret: CLIENT.secret,
  domains: ['acme.example'],
  role_mapping: [{ group: 'acme-admins', role: 'customer_manager' }],
  sso_only: false,
  ...overrides,
});

async function configure(customer = 'acmecorp', body: Record<string, unknown> = settings()) {
  const manager = await t.signedIn(`manager@${customer === 'acmecorp' ? 'acme' : 'globex'}.example`);
  const response = await manager.request(`/api/customer/${customer}/sso`, { method: 'PUT', body });
  expect(response.statusCode, response.body).toBe(200);
  return manager;
}

/** The browser's way: the login page's link, the provider's pages, and back to our callback. */
async function signInThroughProvider(email: string, login = email) {
  const browser = t.browser();
  const start = await browser.request(`/api/auth/sso/start?email=${encodeURIComponent(email)}`);
  expect(start.statusCode, start.body).toBe(302);
  const back = await signInAtProvider(String(start.headers.location), login);
  const callbackPath = back.pathname + back.search;
  const callback = await browser.request(callbackPath);
  expect(callback.statusCode, callback.body).toBe(302);
  return { browser, callback: String(callback.headers.location), callbackPath };
}

const rolesOf = async (browser: TestBrowser) => {
  const session = await browser.request('/api/auth');
  expect(session.statusCode, session.body).toBe(200);
  return json<{ user: { 'user/roles': string[] } }>(session).user['user/roles'];
};

const failure = (location: string) => new URL(location).searchParams.get('sso_error');

describe('company sign-in settings', () => {
  it('are a manager’s or staff’s of the customer, and never show the secret', async () => {
    const plainUser = await t.signedIn('user@acme.example');
    expect((await plainUser.request('/api/customer/acmecorp/sso')).statusCode).toBe(403);
    const manager = await configure();
    expect((await manager.request('/api/customer/globexco/sso')).statusCode).toBe(404);
    const intoOther = await manager.request('/api/customer/globexco/sso', {
      method: 'PUT',
      body: settings(),
    });
    expect(intoOther.statusCode).toBe(404);

    const read = await manager.request('/api/customer/acmecorp/sso');
    expect(read.statusCode).toBe(200);
    expect(json(read)).toMatchObject({
      redirect_uri: CALLBACK,
      settings: { issuer: provider.issuer, client_secret_set: true, domains: ['acme.example'] },
    });
    expect(read.body).not.toContain(CLIENT.secret);
    const [stored] = await t.database.db
      .select()
      .from(customerSso)
      .where(eq(customerSso.customerId, 'acmecorp'));
    expect(stored?.clientSecretSealed).not.toContain(CLIENT.secret);
    expect(ssoSecretBox(TEST_SECRET).open(stored?.clientSecretSealed ?? '')).toBe(CLIENT.secret);

    // A change without the secret keeps the stored one.
    const { client_secret: _left, ...withoutSecret } = settings({ sso_only: true });
    const changed = await manager.request('/api/customer/acmecorp/sso', {
      method: 'PUT',
      body: withoutSecret,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const [kept] = await t.database.db
      .select()
      .from(customerSso)
      .where(eq(customerSso.customerId, 'acmecorp'));
    expect(ssoSecretBox(TEST_SECRET).open(kept?.clientSecretSealed ?? '')).toBe(CLIENT.secret);

    const staff = await t.signedIn('admin@tidewatch.example');
    expect((await staff.request('/api/customer/acmecorp/sso')).statusCode).toBe(200);
    const removed = await staff.request('/api/customer/acmecorp/sso', { method: 'DELETE' });
    expect(removed.statusCode).toBe(204);
    expect((await staff.request('/api/customer/acmecorp/sso', { method: 'DELETE' })).statusCode).toBe(404);
    const actions = await t.database.db.select({ action: auditLog.action }).from(auditLog);
    expect(actions.map(({ action }) => action)).toEqual(
      expect.arrayContaining(['sso.configure', 'sso.change', 'sso.remove']),
    );
  });

  it('refuse a first setup without a secret, a role the caller cannot grant, and an issuer that is no provider', async () => {
    const manager = await t.signedIn('manager@acme.example');
    const put = (body: Record<string, unknown>) =>
      manager.request('/api/customer/acmecorp/sso', { method: 'PUT', body });
    const { client_secret: _none, ...withoutSecret } = settings();
    const noSecret = await put(withoutSecret);
    expect(noSecret.statusCode).toBe(400);
    expect(json(noSecret).fieldErrors).toHaveProperty('client_secret');
    const staffRole = await put(settings({ role_mapping: [{ group: 'money', role: 'finance' }] }));
    expect(staffRole.statusCode).toBe(400);
    expect(json(staffRole).fieldErrors).toHaveProperty(['role_mapping.0.role']);
    const nobody = await put(settings({ issuer: 'http://127.0.0.1:9' }));
    expect(nobody.statusCode).toBe(400);
    expect(json(nobody).fieldErrors).toHaveProperty('issuer');
    const plainHttp = await put(settings({ issuer: 'http://idp.example' }));
    expect(plainHttp.statusCode).toBe(400);
    expect(json<{ fieldErrors: Record<string, string[]> }>(plainHttp).fieldErrors.issuer).toEqual([
      'Use an https:// address',
    ]);
  });

  it('let one customer only claim a domain, even when two ask at once', async () => {
    const shared = settings({ domains: ['shared.example'] });
    const [acme, globex] = await Promise.all([
      t.signedIn('manager@acme.example'),
      t.signedIn('manager@globex.example'),
    ]);
    const answers = await Promise.all([
      acme.request('/api/customer/acmecorp/sso', { method: 'PUT', body: shared }),
      globex.request('/api/customer/globexco/sso', { method: 'PUT', body: shared }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const refused = answers.find((answer) => answer.statusCode === 409);
    expect(json(refused ?? answers[0])).toMatchObject({
      fieldErrors: { domains: ['Another customer signs in with shared.example already'] },
    });
  });
});

describe('company sign-in', () => {
  it('starts the authorization code flow with PKCE, state and nonce', async () => {
    await configure();
    const discover = await t.browser().request('/api/auth/sso/discover?email=someone%40acme.example');
    expect(json(discover)).toEqual({ sso: true, sso_only: false });
    const other = await t.browser().request('/api/auth/sso/discover?email=someone%40elsewhere.example');
    expect(json(other)).toEqual({ sso: false, sso_only: false });

    const start = await t
      .browser()
      .request('/api/auth/sso/start?email=ana%40acme.example&next=%2Fcustomer%2Fusers');
    expect(start.statusCode).toBe(302);
    const to = new URL(String(start.headers.location));
    expect(to.origin).toBe(provider.issuer);
    const query = Object.fromEntries(to.searchParams);
    expect(query).toMatchObject({
      client_id: CLIENT.id,
      redirect_uri: CALLBACK,
      response_type: 'code',
      code_challenge_method: 'S256',
      login_hint: 'ana@acme.example',
    });
    expect(query.scope?.split(' ')).toEqual(
      expect.arrayContaining(['openid', 'email', 'groups', 'offline_access']),
    );
    const [flow] = await t.database.db
      .select()
      .from(ssoFlows)
      .where(eq(ssoFlows.state, query.state ?? ''));
    expect(flow).toMatchObject({ customerId: 'acmecorp', nonce: query.nonce, returnTo: '/customer/users' });
    expect(
      createHash('sha256')
        .update(flow?.codeVerifier ?? '')
        .digest('base64url'),
    ).toBe(query.code_challenge);
  });

  it('creates the user on first sign-in with the mapped role, and the roles follow the groups', async () => {
    await configure();
    accounts.set('ana@acme.example', {
      email: 'ana@acme.example',
      name: 'Ana Lind',
      groups: ['acme-admins'],
    });
    const first = await signInThroughProvider('ana@acme.example');
    expect(first.callback).toBe('http://localhost:3000/user/servers');
    expect(await rolesOf(first.browser)).toEqual(['customer_manager']);
    const [created] = await t.database.db.select().from(users).where(eq(users.email, 'ana@acme.example'));
    expect(created).toMatchObject({
      customerId: 'acmecorp',
      name: 'Ana Lind',
      ssoSubject: 'ana@acme.example',
      passwordHash: null,
    });
    const [signIn] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'sso.sign_in'));
    expect(signIn).toMatchObject({ subjectEmail: 'ana@acme.example', subjectCustomerId: 'acmecorp' });

    accounts.set('ana@acme.example', { email: 'ana@acme.example', name: 'Ana Lind', groups: ['everyone'] });
    const second = await signInThroughProvider('ana@acme.example');
    expect(await rolesOf(second.browser)).toEqual([]);
  });

  it('links an existing user of the customer by address', async () => {
    await configure();
    accounts.set('u-17', { email: 'user@acme.example', name: 'Grace Hopper', groups: [] });
    const { browser } = await signInThroughProvider('user@acme.example', 'u-17');
    expect(await rolesOf(browser)).toEqual([]);
    const [linked] = await t.database.db.select().from(users).where(eq(users.email, 'user@acme.example'));
    expect(linked?.ssoSubject).toBe('u-17');
  });

  it('refuses a forged state, a reused state, a wrong nonce and an address outside the domains', async () => {
    await configure();
    const forged = await t.browser().request('/api/auth/sso/callback?state=forged&code=anything');
    expect(forged.statusCode).toBe(302);
    expect(failure(String(forged.headers.location))).toBe('expired');

    accounts.set('ana@acme.example', { email: 'ana@acme.example', name: 'Ana', groups: [] });
    const done = await signInThroughProvider('ana@acme.example');
    const replayed = await t.browser().request(done.callbackPath);
    expect(failure(String(replayed.headers.location))).toBe('expired');

    const browser = t.browser();
    const start = await browser.request('/api/auth/sso/start?email=ana%40acme.example');
    const state = new URL(String(start.headers.location)).searchParams.get('state') ?? '';
    await t.database.db
      .update(ssoFlows)
      .set({ nonce: 'not the nonce sent' })
      .where(eq(ssoFlows.state, state));
    const back = await signInAtProvider(String(start.headers.location), 'ana@acme.example');
    const wrongNonce = await browser.request(back.pathname + back.search);
    expect(failure(String(wrongNonce.headers.location))).toBe('not_verified');
    expect((await browser.request('/api/auth')).statusCode).toBe(401);

    accounts.set('ben@acme.example', { email: 'ben@elsewhere.example', name: 'Ben', groups: [] });
    const outside = await signInThroughProvider('ben@acme.example');
    expect(failure(outside.callback)).toBe('email_outside_domains');
    expect(outside.callback).toMatch(/^http:\/\/localhost:3000\/login\?/);
  });

  it('refuses an address that belongs to another customer’s user', async () => {
    await configure();
    accounts.set('m', { email: 'manager@globex.example', name: 'Globex manager', groups: [] });
    await configure('acmecorp', settings({ domains: ['acme.example', 'globex.example'] }));
    const { callback } = await signInThroughProvider('manager@globex.example', 'm');
    expect(failure(callback)).toBe('other_customer');
  });

  it('with SSO only, refuses the password and sends no password link', async () => {
    await configure('acmecorp', settings({ sso_only: true }));
    expect(json(await t.browser().request('/api/auth/sso/discover?email=x%40acme.example'))).toEqual({
      sso: true,
      sso_only: true,
    });
    const password = await t.browser().login('user@acme.example');
    expect(password.statusCode).toBe(401);
    expect(json(password).message).toBe(REFUSALS.useCompanySignIn);
    const before = await t.database.db.select({ id: outbox.id }).from(outbox);
    const forgot = await t.browser().request('/api/auth/password/forgot', {
      method: 'POST',
      body: { email: 'user@acme.example', language: 'en' },
    });
    expect(forgot.statusCode).toBe(204);
    const after = await t.database.db.select({ id: outbox.id }).from(outbox);
    expect(after.length).toBe(before.length);
  });

  it('rechecks a session with the provider: roles follow the groups, and a removed user is signed out', async () => {
    await configure();
    accounts.set('ana@acme.example', { email: 'ana@acme.example', name: 'Ana', groups: ['acme-admins'] });
    const { browser } = await signInThroughProvider('ana@acme.example');
    const fromProvider = isNotNull(sessions.ssoCheckedAt);
    const [session] = await t.database.db.select().from(sessions).where(fromProvider);
    expect(session?.ssoRefreshToken).toBeTruthy();

    accounts.set('ana@acme.example', { email: 'ana@acme.example', name: 'Ana', groups: [] });
    expect(await rolesOf(browser)).toEqual(['customer_manager']);
    t.clock.advance(11 * 60_000);
    expect(await rolesOf(browser)).toEqual([]);

    accounts.delete('ana@acme.example');
    t.clock.advance(11 * 60_000);
    expect((await browser.request('/api/auth')).statusCode).toBe(401);
    expect(await t.database.db.select().from(sessions).where(fromProvider)).toEqual([]);
  });
});
