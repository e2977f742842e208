import type { FinanceTokens, PlanSummary } from '@tidewatch/contract';
import { describe, expect, it } from 'vitest';
import { FINANCE_PREFIX, json, useTestApp } from './helpers';

const t = useTestApp({ FINANCE_ACCESS_TOKEN_SECONDS: '60' });

const plansOf = (customer: string) => `/customer/${customer}/plans`;

describe('finance API tokens', () => {
  it('a signed-in session gets a short-lived bearer token and where to send it', async () => {
    const caller = await t.financeCaller('manager@acme.example');
    expect(caller.tokens).toMatchObject({
      token_type: 'Bearer',
      expires_in: 60,
      finance_api_url: '/api/finance',
    });
    const plans = await caller.request(plansOf('acmecorp'));
    expect(plans.statusCode, plans.body).toBe(200);
    expect(plans.headers['cache-control']).toBe('no-store');
  });

  it('without a session there is no token', async () => {
    const response = await t.browser().request('/api/auth/finance-tokens', { method: 'POST' });
    expect(response.statusCode).toBe(401);
  });

  it('cookies alone are refused on the finance API, and so is a forged or missing token', async () => {
    const manager = await t.signedIn('manager@acme.example');
    const withCookies = await manager.request(`${FINANCE_PREFIX}${plansOf('acmecorp')}`);
    expect(withCookies.statusCode).toBe(401);
    expect(withCookies.headers['www-authenticate']).toContain('Bearer');
    const caller = await t.financeCaller('manager@acme.example');
    const [header, payload] = caller.tokens.access_token.split('.');
    const forged = await caller.request(plansOf('acmecorp'), {
      headers: { authorization: `Bearer ${header}.${payload}.${'A'.repeat(43)}` },
    });
    expect(forged.statusCode).toBe(401);
    const unsigned = await caller.request(plansOf('acmecorp'), {
      headers: { authorization: `Bearer ${Buffer.from('{"alg":"none"}').toString('base64url')}.${payload}.` },
    });
    expect(unsigned.statusCode).toBe(401);
  });

  it('an expired access token is refused and a refresh gives a working one', async () => {
    const caller = await t.financeCaller('manager@acme.example');
    t.clock.advance(61_000);
    const expired = await caller.request(plansOf('acmecorp'));
    expect(expired.statusCode).toBe(401);
    expect(json(expired).message).toBe('Token expired');
    const refreshed = await caller.refresh();
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect((await caller.request(plansOf('acmecorp'))).statusCode).toBe(200);
  });

  it('refresh tokens rotate: each works once, and reusing a spent one revokes the whole family', async () => {
    const caller = await t.financeCaller('manager@acme.example');
    const first = caller.tokens;
    expect((await caller.refresh()).statusCode).toBe(200);
    const second = caller.tokens;
    expect(second.refresh_token).not.toBe(first.refresh_token);
    // The spent token shown again: refused, and the chain it belongs to ends with it.
    const reuse = await caller.browser.request('/api/auth/finance-tokens/refresh', {
      method: 'POST',
      body: { refresh_token: first.refresh_token },
    });
    expect(reuse.statusCode).toBe(401);
    expect((await caller.request(plansOf('acmecorp'))).statusCode).toBe(401);
    expect((await caller.refresh()).statusCode).toBe(401);
    // The session itself lives on and can start a new family.
    const fresh = await caller.browser.financeTokens();
    caller.tokens = fresh;
    expect((await caller.request(plansOf('acmecorp'))).statusCode).toBe(200);
  });

  it('refresh tokens are stored hashed', async () => {
    const caller = await t.financeCaller('manager@acme.example');
    const rows = (await t.database.db.execute(
      'select id from finance_refresh_tokens' as never,
    )) as unknown as { rows: { id: string }[] };
    expect(rows.rows.map((row) => row.id)).not.toContain(caller.tokens.refresh_token);
  });

  it('logout with the refresh token revokes the family, access token included', async () => {
    const caller = await t.financeCaller('manager@acme.example');
    const other = await t.financeCaller('manager@acme.example');
    const logout = await caller.browser.request('/api/auth/logout', {
      method: 'POST',
      body: { refresh_token: caller.tokens.refresh_token },
    });
    expect(logout.statusCode).toBe(204);
    expect((await caller.request(plansOf('acmecorp'))).statusCode).toBe(401);
    expect((await caller.refresh()).statusCode).toBe(401);
    // Another session's tokens are untouched.
    expect((await other.request(plansOf('acmecorp'))).statusCode).toBe(200);
  });

  it('ending the session (DELETE /auth) revokes its finance tokens', async () => {
    const caller = await t.financeCaller('manager@acme.example');
    const { refresh_token } = caller.tokens;
    expect((await caller.browser.request('/api/auth', { method: 'DELETE' })).statusCode).toBe(204);
    expect((await caller.request(plansOf('acmecorp'))).statusCode).toBe(401);
    const refresh = await t.browser().request('/api/auth/finance-tokens/refresh', {
      method: 'POST',
      body: { refresh_token },
    });
    expect(refresh.statusCode).toBe(401);
  });

  it("a bearer token of customer A cannot read or change customer B's plans", async () => {
    const acme = await t.financeCaller('manager@acme.example');
    const read = await acme.request(plansOf('globex'));
    expect(read.statusCode).toBe(404);
    const change = await acme.request(plansOf('globex'), {
      method: 'POST',
      body: { kind: 'server', certname: 'web-01.globex', plan: 'gold' },
    });
    expect([403, 404]).toContain(change.statusCode);
    const own = json<PlanSummary>(await acme.request(plansOf('acmecorp')));
    expect(own.data.length).toBeGreaterThan(0);
    expect(own.data.every((item) => item.certname.endsWith('.acmecorp'))).toBe(true);
  });

  it('a malformed refresh token is a 400, an unknown one a 401', async () => {
    const browser = t.browser();
    const bad = await browser.request('/api/auth/finance-tokens/refresh', {
      method: 'POST',
      body: { refresh_token: 'x\u0000' },
    });
    expect(bad.statusCode).toBe(400);
    const unknown = await browser.request('/api/auth/finance-tokens/refresh', {
      method: 'POST',
      body: { refresh_token: `twr_${'A'.repeat(43)}` },
    });
    expect(unknown.statusCode).toBe(401);
  });

  it('an impersonating admin gets tokens acting as the customer user', async () => {
    const admin = await t.signedIn('admin@tidewatch.example');
    const users = json<{ data: { 'user/id': string; 'user/email': string }[] }>(
      await admin.request('/api/users?customer_id=acmecorp'),
    );
    const target = users.data?.find((user) => user['user/email'] === 'user@acme.example');
    if (!target) return;
    await admin.request('/api/auth/impersonate', {
      method: 'POST',
      body: { 'user-id': target['user/id'], reason: 'Checking plans' },
    });
    const tokens: FinanceTokens = await admin.financeTokens();
    const response = await t.app.inject({
      url: `${FINANCE_PREFIX}${plansOf('globex')}`,
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(response.statusCode).toBe(404);
  });
});
