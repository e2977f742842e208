import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { hashPassword } from '../src/modules/auth/passwords';
import { LOGIN_THROTTLE } from '../src/modules/auth/routes';
import { DEMO_PASSWORD } from '../src/seed/demo';
import { json, type TestBrowser, useTestApp } from './helpers';

const t = useTestApp();

async function userIdOf(email: string) {
  const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row?.id ?? '';
}

describe('PATCH /api/user/me', () => {
  afterEach(async () => {
    await t.database.db
      .update(users)
      .set({ name: 'Frank Miller', language: 'en' })
      .where(eq(users.email, 'manager@acme.example'));
  });

  it('changes name and language and answers the new record', async () => {
    const browser = await t.signedIn('manager@acme.example');
    const response = await browser.request('/api/user/me', {
      method: 'PATCH',
      body: { name: 'Frank M.', language: 'da' },
    });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toMatchObject({ 'user/name': 'Frank M.', 'user/language': 'da' });
    expect(json(await browser.request('/api/auth')).user).toMatchObject({ 'user/language': 'da' });
  });

  it('answers 400 for an empty name, an unknown language or nothing to change', async () => {
    const browser = await t.signedIn('manager@acme.example');
    for (const body of [{ name: '  ' }, { language: 'fr' }, {}]) {
      expect(
        (await browser.request('/api/user/me', { method: 'PATCH', body })).statusCode,
        JSON.stringify(body),
      ).toBe(400);
    }
  });
});

describe('POST /api/user/me/password', () => {
  afterEach(async () => {
    await t.database.db
      .update(users)
      .set({ passwordHash: await hashPassword(DEMO_PASSWORD) })
      .where(eq(users.email, 'manager@acme.example'));
  });

  it('changes the password and ends every other session', async () => {
    const phone = await t.signedIn('manager@acme.example');
    const laptop = await t.signedIn('manager@acme.example');
    const response = await laptop.request('/api/user/me/password', {
      method: 'POST',
      body: { current_password: DEMO_PASSWORD, new_password: 'a much longer passphrase' },
    });
    expect(response.statusCode).toBe(204);
    expect((await laptop.request('/api/auth')).statusCode).toBe(200);
    expect((await phone.request('/api/auth')).statusCode).toBe(401);
    expect((await t.browser().login('manager@acme.example', 'a much longer passphrase')).statusCode).toBe(
      200,
    );
    expect((await t.browser().login('manager@acme.example')).statusCode).toBe(401);
  });

  it('needs the current password, and refuses short, common or email passwords with field errors', async () => {
    const browser = await t.signedIn('manager@acme.example');
    const cases = [
      [{ current_password: 'wrong', new_password: 'a much longer passphrase' }, 'current_password'],
      [{ current_password: DEMO_PASSWORD, new_password: 'short' }, 'new_password'],
      [{ current_password: DEMO_PASSWORD, new_password: 'password1234' }, 'new_password'],
      [{ current_password: DEMO_PASSWORD, new_password: 'Manager@Acme.example' }, 'new_password'],
    ] as const;
    for (const [body, field] of cases) {
      const response = await browser.request('/api/user/me/password', { method: 'POST', body });
      expect(response.statusCode, body.new_password).toBe(400);
      expect(Object.keys(json<{ fieldErrors: object }>(response).fieldErrors)).toEqual([field]);
    }
  });

  it('throttles wrong passwords like sign-in, across changing it and turning two-factor off', async () => {
    const browser = await t.signedIn('manager@acme.example');
    for (let attempt = 0; attempt < LOGIN_THROTTLE.perAccount; attempt++) {
      const response =
        attempt % 2
          ? await browser.request('/api/auth/totp', { method: 'DELETE', body: { password: 'wrong' } })
          : await browser.request('/api/user/me/password', {
              method: 'POST',
              body: { current_password: 'wrong', new_password: 'a much longer passphrase' },
            });
      expect(response.statusCode).toBe(400);
    }
    for (const [url, method, body] of [
      [
        '/api/user/me/password',
        'POST',
        { current_password: DEMO_PASSWORD, new_password: 'a much longer passphrase' },
      ],
      ['/api/auth/totp', 'DELETE', { password: DEMO_PASSWORD }],
    ] as const) {
      const throttled = await browser.request(url, { method, body });
      expect(throttled.statusCode, url).toBe(429);
      expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Another account's allowance is its own.
    const other = await t.signedIn('manager@globex.example');
    expect(
      (await other.request('/api/auth/totp', { method: 'DELETE', body: { password: 'wrong' } })).statusCode,
    ).toBe(400);
    t.clock.advance(LOGIN_THROTTLE.windowMs);
    const again = await t.signedIn('manager@acme.example');
    expect(
      (await again.request('/api/auth/totp', { method: 'DELETE', body: { password: DEMO_PASSWORD } }))
        .statusCode,
    ).toBe(204);
  });

  it('is refused while impersonating', async () => {
    const admin = await t.signedIn('admin@tidewatch.example');
    await admin.request('/api/auth/impersonate', {
      method: 'POST',
      body: { 'user-id': await userIdOf('manager@acme.example'), reason: 'Support ticket 12' },
    });
    const response = await admin.request('/api/user/me/password', {
      method: 'POST',
      body: { current_password: DEMO_PASSWORD, new_password: 'a much longer passphrase' },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('active sessions', () => {
  type Session = { id: string; current: boolean; staff: boolean; user_agent: string | null };

  it('lists my sessions, marking this one and any staff impersonation', async () => {
    const laptop = await t.signedIn('manager@acme.example');
    await t.signedIn('manager@acme.example');
    const admin = await t.signedIn('admin@tidewatch.example');
    await admin.request('/api/auth/impersonate', {
      method: 'POST',
      body: { 'user-id': await userIdOf('manager@acme.example'), reason: 'Support ticket 12' },
    });
    const list = json<Session[]>(await laptop.request('/api/auth/sessions'));
    expect(list).toHaveLength(3);
    expect(list.filter((session) => session.current)).toHaveLength(1);
    expect(list.filter((session) => session.staff)).toHaveLength(1);
    expect(JSON.stringify(list)).not.toContain(laptop.sessionCookie);
  });

  it("shows a staff session without the staff member's address or browser", async () => {
    const laptop = await t.signedIn('manager@acme.example');
    const admin = await t.signedIn('admin@tidewatch.example');
    await admin.request('/api/auth/impersonate', {
      method: 'POST',
      body: { 'user-id': await userIdOf('manager@acme.example'), reason: 'Support ticket 12' },
    });
    const list = json<(Session & { ip: string | null })[]>(await laptop.request('/api/auth/sessions'));
    expect(list.find((session) => session.staff)).toMatchObject({ ip: null, user_agent: null });
    expect(list.find((session) => session.current)).toMatchObject({ ip: '127.0.0.1' });
  });

  it('signs one other session out, but not another user’s', async () => {
    const laptop = await t.signedIn('manager@acme.example');
    const phone = await t.signedIn('manager@acme.example');
    const other = await t.signedIn('manager@globex.example');
    const phoneId = json<Session[]>(await laptop.request('/api/auth/sessions')).find(
      (session) => !session.current,
    )?.id;
    const otherId = json<Session[]>(await other.request('/api/auth/sessions'))[0]?.id;

    expect((await laptop.request(`/api/auth/sessions/${otherId}`, { method: 'DELETE' })).statusCode).toBe(
      404,
    );
    expect((await other.request('/api/auth')).statusCode).toBe(200);
    expect((await laptop.request(`/api/auth/sessions/${phoneId}`, { method: 'DELETE' })).statusCode).toBe(
      204,
    );
    expect((await phone.request('/api/auth')).statusCode).toBe(401);
    expect((await laptop.request('/api/auth')).statusCode).toBe(200);
  });

  it('signs out everywhere else', async () => {
    const browsers: TestBrowser[] = [];
    for (let i = 0; i < 3; i++) browsers.push(await t.signedIn('manager@acme.example'));
    const [kept, ...ended] = browsers;
    expect((await kept?.request('/api/auth/sessions', { method: 'DELETE' }))?.statusCode).toBe(204);
    for (const browser of ended) expect((await browser.request('/api/auth')).statusCode).toBe(401);
    expect((await kept?.request('/api/auth'))?.statusCode).toBe(200);
  });

  it('answers 401 signed out', async () => {
    expect((await t.browser().request('/api/auth/sessions')).statusCode).toBe(401);
  });
});
