import { desc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { errorReports } from '../src/db/schema';
import { REPORT_LIMITS } from '../src/modules/reports/routes';
import { json, useTestApp } from './helpers';

const t = useTestApp();

const latest = async () => {
  const [row] = await t.database.db.select().from(errorReports).orderBy(desc(errorReports.id)).limit(1);
  return row;
};

const uiError = {
  type: 'UI ERROR',
  time: '2026-11-02T09:00:00.000Z',
  app: 'portal',
  page: 'http://localhost:3000/user/servers?reset_token=abc123',
  user: {
    name: 'Frank Miller',
    email: 'manager@acme.example',
    roles: ['customer_manager'],
    company: 'Acme Corp',
  },
  stack: 'TypeError: x is undefined\n    at ServerList (servers.tsx:10:5)',
};

describe('POST /api/report/error', () => {
  it('stores a UI error, from a visitor who is not signed in', async () => {
    const response = await t.browser().request('/api/report/error', { method: 'POST', body: uiError });
    expect(response.statusCode).toBe(204);
    expect(await latest()).toMatchObject({
      type: 'UI ERROR',
      app: 'portal',
      stack: uiError.stack,
      page: 'http://localhost:3000/user/servers?reset_token=[redacted]',
      userId: null,
      ip: '127.0.0.1',
    });
  });

  it('removes cookies, tokens and passwords from an API error before storing it', async () => {
    const browser = await t.signedIn('manager@acme.example');
    const response = await browser.request('/api/report/error', {
      method: 'POST',
      body: {
        type: 'API ERROR',
        time: '2026-11-02T09:00:00.000Z',
        app: 'portal',
        page: 'http://localhost:3000/user/settings',
        user: null,
        error: {
          url: '/api/user/me/password',
          requestData: { current_password: 'hunter2hunter2', new_password: 'correct horse', note: 'kept' },
          headers: {
            Cookie: 'tw_session=abc',
            'X-XSRF-TOKEN': 'def',
            Authorization: 'Bearer ghi',
            Accept: 'json',
          },
          status: 400,
        },
      },
    });
    expect(response.statusCode).toBe(204);
    const row = await latest();
    const stored = JSON.stringify(row?.error);
    for (const secret of ['hunter2hunter2', 'correct horse', 'tw_session=abc', 'def', 'ghi']) {
      expect(stored).not.toContain(secret);
    }
    expect(row?.error).toMatchObject({
      requestData: { note: 'kept' },
      headers: { Accept: 'json' },
      status: 400,
    });
    expect(row?.userId).not.toBeNull();
  });

  it('removes secrets a stack, a header or a string value carries', async () => {
    const stack = 'Error: 400 {"password":"hunter2"}\ncookie: tw_session=abc\n    at send (api.ts:3:1)';
    await t.browser().request('/api/report/error', { method: 'POST', body: { ...uiError, stack } });
    expect((await latest())?.stack).toBe(
      'Error: 400 {"password":"[redacted]"}\ncookie: [redacted]\n    at send (api.ts:3:1)',
    );
    await t.browser().request('/api/report/error', {
      method: 'POST',
      body: {
        type: 'API ERROR',
        time: '2026-11-02T09:00:00.000Z',
        app: 'portal',
        page: 'http://localhost:3000/user/servers',
        user: null,
        error: {
          url: '/api/agent/ping',
          requestData: {
            credential: 'twa_0123456789abcdef',
            pwd: 'pw1',
            private_key: 'pk',
            note: 'password=pw2&token=tk',
          },
          headers: { 'X-Auth': 'xa' },
          status: 401,
        },
      },
    });
    const stored = JSON.stringify((await latest())?.error);
    for (const secret of ['twa_0123456789abcdef', 'pw1', '"pk"', 'pw2', 'tk', 'xa']) {
      expect(stored).not.toContain(secret);
    }
  });

  it('removes calendar feed addresses, finance access tokens and refresh tokens wherever they are', async () => {
    const feed = 'twcal_AbCdEfGh12345678AbCdEfGh';
    const access = 'eyJhbGciOiJIUzI1NiJ9.eyJmYW0iOiJhYmMifQ.c2lnbmF0dXJlX29mX2l0';
    const refresh = 'twr_AbCdEfGh12345678AbCdEfGh12345678AbCdEfGh1';
    await t.browser().request('/api/report/error', {
      method: 'POST',
      body: {
        ...uiError,
        page: `http://localhost:3000/api/service-window/calendar/${feed}/windows.ics`,
        stack: `Error: renewing ${access} failed; stored {"kept":"{\\"refresh_token\\":\\"${refresh}\\"}"}`,
      },
    });
    const ui = await latest();
    await t.browser().request('/api/report/error', {
      method: 'POST',
      body: {
        type: 'API ERROR',
        time: '2026-11-02T09:00:00.000Z',
        app: 'portal',
        page: 'http://localhost:3000/user/plans',
        user: null,
        error: { url: `/api/service-window/calendar/${feed}/windows.ics`, message: `${access} ${refresh}` },
      },
    });
    const stored = JSON.stringify([ui, await latest()]);
    for (const secret of [feed, access, refresh]) expect(stored).not.toContain(secret);
  });

  it('answers 400 for a report that is not one', async () => {
    const response = await t.browser().request('/api/report/error', {
      method: 'POST',
      body: { type: 'OOPS', time: 'yesterday' },
    });
    expect(response.statusCode).toBe(400);
    expect(json(response).fieldErrors).toBeDefined();
  });

  it('answers 413 for a report over the size limit', async () => {
    const response = await t.browser().request('/api/report/error', {
      method: 'POST',
      body: { ...uiError, stack: 'x'.repeat(REPORT_LIMITS.bodyBytes) },
    });
    expect(response.statusCode).toBe(413);
  });

  it('answers 429 to an address that floods it', async () => {
    const browser = t.browser();
    for (let sent = 0; sent < REPORT_LIMITS.perAddress; sent++) {
      expect((await browser.request('/api/report/error', { method: 'POST', body: uiError })).statusCode).toBe(
        204,
      );
    }
    const flooded = await browser.request('/api/report/error', { method: 'POST', body: uiError });
    expect(flooded.statusCode).toBe(429);
    expect(json(flooded).error).toBe('Too Many Requests');
    expect(flooded.headers['retry-after']).toBeDefined();
  });
});
