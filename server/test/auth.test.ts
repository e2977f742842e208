import { signerFactory } from '@fastify/cookie';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { SESSION_POLICY } from '../src/core/session-policy';
import { users } from '../src/db/schema';
import { hashPassword } from '../src/modules/auth/passwords';
import { LOGIN_THROTTLE } from '../src/modules/auth/routes';
import { DEMO_PASSWORD } from '../src/seed/demo';
import { json, TEST_SECRET, TestBrowser, testConfig, useTestApp } from './helpers';

const t = useTestApp();

describe('POST /api/auth (sign in)', () => {
  it('answers the session data with the user record of spec section 3', async () => {
    const browser = t.browser();
    const response = await browser.login('manager@acme.example');
    expect(response.statusCode).toBe(200);
    const body = json(response);
    expect(body['customer/id']).toBe('acmecorp');
    expect(body.user).toMatchObject({
      'user/email': 'manager@acme.example',
      'user/roles': ['customer_manager'],
      'user/consulting-level': null,
      'customer/id': 'acmecorp',
    });
    expect(body.customer).toEqual({ id: 'acmecorp', company_name: 'Acme Corp', trial: null });
    expect(body.impersonation).toBeNull();
    expect(body.session).toMatchObject({ 'idle-timeout-seconds': 1800 });
  });

  it('carries a running sign-up trial with the customer, on sign-in and on every later read', async () => {
    const browser = await t.signedIn('manager@globex.example');
    const trial = { plan: 'basic', ends: expect.any(String), converts_to: 'gold' };
    expect(json(await browser.request('/api/auth')).customer).toMatchObject({ id: 'globexco', trial });
  });

  it('keeps the session in an HttpOnly SameSite=Lax cookie and only the XSRF token readable', async () => {
    const response = await t.browser().login('manager@acme.example');
    const cookies = response.cookies as {
      name: string;
      httpOnly?: boolean;
      sameSite?: string;
      secure?: boolean;
    }[];
    const session = cookies.find((cookie) => cookie.name === 'tw_session');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    expect(session?.secure).toBeFalsy();
    const readable = cookies.filter((cookie) => !cookie.httpOnly).map((cookie) => cookie.name);
    expect(readable).toEqual(['XSRF-TOKEN']);
  });

  it('accepts the email in any case and with spaces around it', async () => {
    const response = await t.browser().login('  Manager@ACME.example ');
    expect(response.statusCode).toBe(200);
  });

  it('gives a wrong email and a wrong password the very same 401', async () => {
    const wrongEmail = await t.browser().login('nobody@acme.example');
    const wrongPassword = await t.browser().login('manager@acme.example', 'not the password');
    expect(wrongEmail.statusCode).toBe(401);
    expect(wrongPassword.statusCode).toBe(401);
    expect(json(wrongEmail)).toEqual(json(wrongPassword));
    expect(json(wrongEmail).error).toBe('Unauthorised');
  });

  it('answers 400 with field errors for a malformed body', async () => {
    const response = await t.browser().request('/api/auth', {
      method: 'POST',
      body: { email: 'not-an-email', password: '' },
    });
    expect(response.statusCode).toBe(400);
    expect(json(response)).toMatchObject({
      error: 'Bad Request',
      fieldErrors: { email: ['Enter a valid email address'], password: ['Enter your password'] },
    });
  });

  it('answers 400 when fields are missing altogether', async () => {
    const response = await t.browser().request('/api/auth', { method: 'POST', body: {} });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(json<{ fieldErrors: object }>(response).fieldErrors).sort()).toEqual([
      'email',
      'password',
    ]);
  });

  it('gives a new session id on every sign-in and ends the one before', async () => {
    const browser = await t.signedIn('manager@acme.example');
    const before = browser.sessionCookie;
    expect((await browser.login('manager@acme.example')).statusCode).toBe(200);
    expect(browser.sessionCookie).not.toBe(before);

    const replay = new TestBrowser(t.app);
    replay.cookies.set('tw_session', before ?? '');
    expect((await replay.request('/api/auth')).statusCode).toBe(401);
  });
});

describe('GET /api/auth (current session)', () => {
  it('answers 401 signed out, and still issues an XSRF token', async () => {
    const browser = t.browser();
    const response = await browser.request('/api/auth');
    expect(response.statusCode).toBe(401);
    expect(json(response)).toMatchObject({ error: 'Unauthorised' });
    expect(browser.cookies.has('XSRF-TOKEN')).toBe(true);
  });

  it('answers the signed-in user', async () => {
    const browser = await t.signedIn('admin@tidewatch.example');
    const body = json(await browser.request('/api/auth'));
    expect(body.user).toMatchObject({ 'user/email': 'admin@tidewatch.example', 'user/roles': ['admin'] });
    expect(body.session).toMatchObject({ 'idle-timeout-seconds': 900 });
  });
});

describe('GET /api/auth/status (the site nav asks)', () => {
  it('answers 200 either way, so a signed-out visitor sees no error', async () => {
    const signedOut = await t.browser().request('/api/auth/status');
    expect(signedOut.statusCode).toBe(200);
    expect(json(signedOut)).toEqual({ signedIn: false });
    const browser = await t.signedIn('manager@acme.example');
    expect(json(await browser.request('/api/auth/status'))).toEqual({ signedIn: true });
  });

  it('sets no cookie for a visitor without a session, and gives a signed-in browser a token it lacks', async () => {
    const visitor = await t.browser().request('/api/auth/status');
    expect(visitor.headers['set-cookie']).toBeUndefined();
    const browser = await t.signedIn('manager@acme.example');
    // The token from signing in still fits the session: nothing to send again.
    const kept = await browser.request('/api/auth/status');
    expect(kept.headers['set-cookie']).toBeUndefined();
    browser.cookies.delete('XSRF-TOKEN');
    const renewed = await browser.request('/api/auth/status');
    expect(String(renewed.headers['set-cookie'])).toContain('XSRF-TOKEN=');
  });
});

describe('GET /api/auth/xsrf (a site form before its first write)', () => {
  it('issues the XSRF token to a visitor, which lets the form be sent', async () => {
    const browser = t.browser();
    const response = await browser.request('/api/auth/xsrf');
    expect(response.statusCode).toBe(204);
    expect(browser.cookies.has('XSRF-TOKEN')).toBe(true);
  });
});

describe('signing out', () => {
  for (const [label, url, method, body] of [
    ['DELETE /api/auth', '/api/auth', 'DELETE', undefined],
    ['POST /api/auth/logout', '/api/auth/logout', 'POST', { refresh_token: 'from-an-older-client' }],
    ['POST /api/auth/logout without a body', '/api/auth/logout', 'POST', undefined],
  ] as const) {
    it(`${label} ends the session on the server`, async () => {
      const browser = await t.signedIn('manager@acme.example');
      const cookie = browser.sessionCookie;
      const response = await browser.request(url, { method, body });
      expect(response.statusCode).toBe(204);
      expect(browser.sessionCookie).toBeUndefined();

      const replay = new TestBrowser(t.app);
      replay.cookies.set('tw_session', cookie ?? '');
      expect((await replay.request('/api/auth')).statusCode).toBe(401);
    });
  }

  it('succeeds even without a session, so a client can always clean up', async () => {
    expect((await t.browser().request('/api/auth', { method: 'DELETE' })).statusCode).toBe(204);
  });
});

describe('XSRF protection', () => {
  it('refuses a write without the X-XSRF-TOKEN header', async () => {
    const browser = await t.signedIn('manager@acme.example');
    const response = await browser.request('/api/auth', { method: 'DELETE', xsrf: false });
    expect(response.statusCode).toBe(403);
    expect(json(response).error).toBe('Forbidden');
    expect((await browser.request('/api/auth')).statusCode).toBe(200);
  });

  it('refuses a forged token', async () => {
    const browser = await t.signedIn('manager@acme.example');
    const response = await browser.request('/api/auth', {
      method: 'DELETE',
      xsrf: false,
      headers: { 'x-xsrf-token': 'forged' },
    });
    expect(response.statusCode).toBe(403);
  });

  it("refuses another session's token: tokens are bound to their session", async () => {
    const victim = await t.signedIn('manager@acme.example');
    const attacker = await t.signedIn('manager@globex.example');
    attacker.cookies.set('tw_xsrf_secret', victim.cookies.get('tw_xsrf_secret') ?? '');
    const response = await attacker.request('/api/auth', {
      method: 'DELETE',
      xsrf: false,
      headers: { 'x-xsrf-token': victim.cookies.get('XSRF-TOKEN') ?? '' },
    });
    expect(response.statusCode).toBe(403);
  });

  it('issues a new token only when the one held no longer fits the session', async () => {
    const browser = await t.signedIn('manager@acme.example');
    const held = browser.cookies.get('XSRF-TOKEN');
    const again = await browser.request('/api/auth');
    expect(again.statusCode).toBe(200);
    expect(again.cookies).toEqual([]);
    expect(browser.cookies.get('XSRF-TOKEN')).toBe(held);

    browser.cookies.set('XSRF-TOKEN', 'forged');
    await browser.request('/api/auth');
    expect(browser.cookies.get('XSRF-TOKEN')).not.toBe('forged');
    expect((await browser.request('/api/auth', { method: 'DELETE' })).statusCode).toBe(204);
  });

  it('protects sign-in too', async () => {
    const response = await t.browser().request('/api/auth', {
      method: 'POST',
      body: { email: 'manager@acme.example', password: 'tidewatch-demo' },
      xsrf: false,
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('a session ended from elsewhere', () => {
  async function endedElsewhere(end: (other: TestBrowser) => Promise<unknown>) {
    const stale = await t.signedIn('manager@acme.example');
    const other = await t.signedIn('manager@acme.example');
    await end(other);
    return stale;
  }
  const signOutEverywhereElse = (other: TestBrowser) =>
    other.request('/api/auth/sessions', { method: 'DELETE' });

  it('clears the cookie, then lets the browser sign in again and sign out', async () => {
    const stale = await endedElsewhere(signOutEverywhereElse);
    expect((await stale.request('/api/auth')).statusCode).toBe(401);
    expect(stale.sessionCookie).toBeUndefined();
    expect((await stale.login('manager@acme.example')).statusCode).toBe(200);
    expect((await stale.request('/api/auth', { method: 'DELETE' })).statusCode).toBe(204);
  });

  it('answers a write 401, not 403, and hands out a token for no session with it', async () => {
    const stale = await endedElsewhere(signOutEverywhereElse);
    const write = await stale.request('/api/user/me', { method: 'PATCH', body: { name: 'Frank M.' } });
    expect(write.statusCode).toBe(401);
    expect(stale.sessionCookie).toBeUndefined();
    expect((await stale.login('manager@acme.example')).statusCode).toBe(200);
  });

  it('lets a browser whose password was changed elsewhere sign in with the new one', async () => {
    const stale = await endedElsewhere((other) =>
      other.request('/api/user/me/password', {
        method: 'POST',
        body: { current_password: DEMO_PASSWORD, new_password: 'a much longer passphrase' },
      }),
    );
    try {
      expect((await stale.request('/api/auth')).statusCode).toBe(401);
      expect((await stale.login('manager@acme.example', 'a much longer passphrase')).statusCode).toBe(200);
    } finally {
      await t.database.db
        .update(users)
        .set({ passwordHash: await hashPassword(DEMO_PASSWORD) })
        .where(eq(users.email, 'manager@acme.example'));
    }
  });

  it('lets an admin whose impersonation the customer ended sign in again', async () => {
    const admin = await t.signedIn('admin@tidewatch.example');
    const [target] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'manager@acme.example'));
    await admin.request('/api/auth/impersonate', {
      method: 'POST',
      body: { 'user-id': target?.id, reason: 'Support ticket 12' },
    });
    const customer = await t.signedIn('manager@acme.example');
    const sessions = json<{ id: string; staff: boolean }[]>(await customer.request('/api/auth/sessions'));
    const staffSession = sessions.find((session) => session.staff);
    await customer.request(`/api/auth/sessions/${staffSession?.id}`, { method: 'DELETE' });

    expect((await admin.request('/api/auth')).statusCode).toBe(401);
    expect((await admin.request('/api/auth/impersonate', { method: 'DELETE' })).statusCode).toBe(401);
    expect((await admin.login('admin@tidewatch.example')).statusCode).toBe(200);
  });
});

describe('session timeouts', () => {
  it('ends a customer session after 30 idle minutes', async () => {
    const browser = await t.signedIn('manager@acme.example');
    t.clock.advance(SESSION_POLICY.customerIdleMs - 60_000);
    expect((await browser.request('/api/auth')).statusCode).toBe(200);
    t.clock.advance(SESSION_POLICY.customerIdleMs - 60_000);
    expect((await browser.request('/api/auth')).statusCode).toBe(200);
    t.clock.advance(SESSION_POLICY.customerIdleMs + 1);
    expect((await browser.request('/api/auth')).statusCode).toBe(401);
  });

  it('ends a staff session after 15 idle minutes', async () => {
    const browser = await t.signedIn('admin@tidewatch.example');
    t.clock.advance(SESSION_POLICY.staffIdleMs + 1);
    expect((await browser.request('/api/auth')).statusCode).toBe(401);
  });

  it('ends any session 12 hours after sign-in, however active', async () => {
    const browser = await t.signedIn('manager@acme.example');
    for (let elapsed = 0; elapsed < SESSION_POLICY.absoluteMs - 20 * 60_000; elapsed += 20 * 60_000) {
      t.clock.advance(20 * 60_000);
      expect((await browser.request('/api/auth')).statusCode).toBe(200);
    }
    t.clock.advance(20 * 60_000);
    expect((await browser.request('/api/auth')).statusCode).toBe(401);
  });
});

describe('sign-in throttling', () => {
  it(`answers 429 with Retry-After after ${LOGIN_THROTTLE.perAccount} failures for one account`, async () => {
    const browser = t.browser();
    for (let attempt = 0; attempt < LOGIN_THROTTLE.perAccount; attempt++) {
      expect((await browser.login('manager@acme.example', 'wrong')).statusCode).toBe(401);
    }
    const throttled = await browser.login('manager@acme.example');
    expect(throttled.statusCode).toBe(429);
    expect(json(throttled).error).toBe('Too Many Requests');
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);

    expect((await browser.login('manager@globex.example')).statusCode).toBe(200);

    t.clock.advance(LOGIN_THROTTLE.windowMs);
    expect((await t.browser().login('manager@acme.example')).statusCode).toBe(200);
  });

  it('throttles an address that tries many accounts', async () => {
    const browser = t.browser();
    for (let attempt = 0; attempt < LOGIN_THROTTLE.perAddress; attempt++) {
      await browser.login(`guess${attempt}@acme.example`, 'wrong');
    }
    expect((await browser.login('manager@acme.example')).statusCode).toBe(429);
  });

  const lockOut = async (email: string) => {
    const stranger = t.browser();
    for (let attempt = 0; attempt < LOGIN_THROTTLE.perAccount; attempt++) {
      await stranger.login(email, 'wrong');
    }
    expect((await stranger.login(email)).statusCode).toBe(429);
  };

  it('lets a browser that signed in to the account before keep its own allowance', async () => {
    const known = await t.signedIn('manager@acme.example');
    await known.request('/api/auth', { method: 'DELETE' });
    await lockOut('manager@acme.example');
    expect(known.cookies.get('tw_device')).toBeDefined();
    expect((await known.login('manager@acme.example', 'wrong')).statusCode).toBe(401);
    expect((await known.login('manager@acme.example')).statusCode).toBe(200);
  });

  it("throttles a known browser's own failures too", async () => {
    const known = await t.signedIn('manager@acme.example');
    for (let attempt = 0; attempt < LOGIN_THROTTLE.perDevice; attempt++) {
      expect((await known.login('manager@acme.example', 'wrong')).statusCode).toBe(401);
    }
    expect((await known.login('manager@acme.example')).statusCode).toBe(429);
    expect((await t.browser().login('manager@acme.example')).statusCode).toBe(200);
  });

  it('gives no allowance on another account, nor for a forged or altered device cookie', async () => {
    const elsewhere = await t.signedIn('manager@globex.example');
    const device = elsewhere.cookies.get('tw_device') ?? '';
    await lockOut('manager@acme.example');
    expect((await elsewhere.login('manager@acme.example')).statusCode).toBe(429);

    for (const forged of [
      device.replace('globex', 'acme'),
      'AAAAAAAAAAAAAAAAAAAAAA:manager@acme.example',
      signerFactory('some other secret').sign('AAAAAAAAAAAAAAAAAAAAAA:manager@acme.example'),
    ]) {
      const browser = t.browser();
      browser.cookies.set('tw_device', forged);
      expect((await browser.login('manager@acme.example')).statusCode, forged).toBe(429);
    }
  });

  it('counts only failures', async () => {
    const browser = t.browser();
    for (let attempt = 0; attempt < LOGIN_THROTTLE.perAccount + 2; attempt++) {
      expect((await browser.login('manager@acme.example')).statusCode).toBe(200);
    }
  });
});

describe('cookies under https', () => {
  it('marks cookies Secure and gives the session cookie the __Host- prefix', async () => {
    const app = await buildApp({
      config: testConfig({ PUBLIC_URL: 'https://portal.tidewatch.example' }),
      db: t.database.db,
      secret: TEST_SECRET,
      now: t.clock.now,
    });
    try {
      const browser = new TestBrowser(app);
      const response = await browser.login('manager@acme.example');
      expect(response.statusCode).toBe(200);
      expect([...browser.cookies.keys()].sort()).toEqual([
        'XSRF-TOKEN',
        '__Host-tw_device',
        '__Host-tw_session',
        '__Host-tw_xsrf_secret',
      ]);
      const cookies = response.cookies as { name: string; secure?: boolean }[];
      expect(cookies.every((cookie) => cookie.secure)).toBe(true);
    } finally {
      await app.close();
    }
  });
});
