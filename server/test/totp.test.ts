import { generateTotpCode } from '@tidewatch/domain';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { json, type TestBrowser, useTestApp } from './helpers';

const t = useTestApp();
const EMAIL = 'manager@globex.example';

afterEach(async () => {
  await t.database.db
    .update(users)
    .set({ totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null })
    .where(eq(users.email, EMAIL));
});

const codeAt = (secret: string, offsetMs = 0) => generateTotpCode(secret, t.clock.now().getTime() + offsetMs);

async function enrol(browser: TestBrowser) {
  const setup = json<{ secret: string; uri: string }>(
    await browser.request('/api/auth/totp/setup', { method: 'POST' }),
  );
  const confirmed = await browser.request('/api/auth/totp/confirm', {
    method: 'POST',
    body: { code: codeAt(setup.secret) },
  });
  expect(confirmed.statusCode).toBe(200);
  return {
    secret: setup.secret,
    recoveryCodes: json<{ recovery_codes: string[] }>(confirmed).recovery_codes,
  };
}

describe('two-factor enrolment', () => {
  it('offers a secret and an otpauth URI, and is not on until confirmed', async () => {
    const browser = await t.signedIn(EMAIL);
    const setup = json<{ secret: string; uri: string }>(
      await browser.request('/api/auth/totp/setup', { method: 'POST' }),
    );
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.uri).toContain(`secret=${setup.secret}`);
    expect(setup.uri).toContain('issuer=Tidewatch');
    expect((await t.browser().login(EMAIL)).statusCode).toBe(200);
  });

  it('stores the secret encrypted', async () => {
    const browser = await t.signedIn(EMAIL);
    const { secret } = await enrol(browser);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, EMAIL));
    expect(row?.totpSecret).not.toContain(secret);
    expect(row?.totpSecret?.startsWith('v1.')).toBe(true);
  });

  it('refuses a wrong confirmation code with a field error', async () => {
    const browser = await t.signedIn(EMAIL);
    const setup = json<{ secret: string }>(await browser.request('/api/auth/totp/setup', { method: 'POST' }));
    const wrong = await browser.request('/api/auth/totp/confirm', {
      method: 'POST',
      body: { code: codeAt(setup.secret, 10 * 60_000) },
    });
    expect(wrong.statusCode).toBe(400);
    expect(Object.keys(json<{ fieldErrors: object }>(wrong).fieldErrors)).toEqual(['code']);
    const malformed = await browser.request('/api/auth/totp/confirm', {
      method: 'POST',
      body: { code: '12ab' },
    });
    expect(malformed.statusCode).toBe(400);
  });

  it('answers ten recovery codes and marks the user', async () => {
    const browser = await t.signedIn(EMAIL);
    const { recoveryCodes } = await enrol(browser);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect(json(await browser.request('/api/auth')).user).toMatchObject({ 'user/totp-enabled': true });
  });
});

describe('signing in with two-factor on', () => {
  it('asks for the code in a field error, then signs in with it', async () => {
    const { secret } = await enrol(await t.signedIn(EMAIL));
    t.clock.advance(60_000);
    const browser = t.browser();
    const withoutCode = await browser.login(EMAIL);
    expect(withoutCode.statusCode).toBe(401);
    expect(json(withoutCode)).toMatchObject({
      error: 'Unauthorised',
      fieldErrors: { code: ['Enter the 6-digit code from your authenticator app'] },
    });
    const withCode = await browser.request('/api/auth', {
      method: 'POST',
      body: { email: EMAIL, password: 'tidewatch-demo', code: codeAt(secret) },
    });
    expect(withCode.statusCode).toBe(200);
  });

  it('refuses a code used before and a wrong code', async () => {
    const { secret } = await enrol(await t.signedIn(EMAIL));
    t.clock.advance(60_000);
    const code = codeAt(secret);
    const body = { email: EMAIL, password: 'tidewatch-demo', code };
    expect((await t.browser().request('/api/auth', { method: 'POST', body })).statusCode).toBe(200);
    const replay = await t.browser().request('/api/auth', { method: 'POST', body });
    expect(replay.statusCode).toBe(401);
    expect(json(replay).fieldErrors).toEqual({ code: ['That code is not right, or was used already'] });
    const wrong = await t
      .browser()
      .request('/api/auth', { method: 'POST', body: { ...body, code: '000000' } });
    expect(wrong.statusCode).toBe(401);
  });

  it('accepts each recovery code once', async () => {
    const { recoveryCodes } = await enrol(await t.signedIn(EMAIL));
    const body = { email: EMAIL, password: 'tidewatch-demo', code: recoveryCodes[0]?.toUpperCase() };
    expect((await t.browser().request('/api/auth', { method: 'POST', body })).statusCode).toBe(200);
    expect((await t.browser().request('/api/auth', { method: 'POST', body })).statusCode).toBe(401);
  });

  it('never asks for a code before the password is right', async () => {
    await enrol(await t.signedIn(EMAIL));
    const response = await t.browser().login(EMAIL, 'wrong password');
    expect(json(response)).toEqual({ error: 'Unauthorised', message: 'Wrong email or password' });
  });
});

describe('turning two-factor off', () => {
  it('needs the password, then sign-in no longer asks for a code', async () => {
    const browser = await t.signedIn(EMAIL);
    await enrol(browser);
    const wrong = await browser.request('/api/auth/totp', { method: 'DELETE', body: { password: 'nope' } });
    expect(wrong.statusCode).toBe(400);
    const off = await browser.request('/api/auth/totp', {
      method: 'DELETE',
      body: { password: 'tidewatch-demo' },
    });
    expect(off.statusCode).toBe(204);
    expect((await t.browser().login(EMAIL)).statusCode).toBe(200);
  });
});
