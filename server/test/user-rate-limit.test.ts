import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { TEST_SECRET, TestBrowser, testConfig, useTestApp } from './helpers';

const LIMIT = 5;
const t = useTestApp({ USER_RATE_LIMIT_PER_MINUTE: String(LIMIT) });

describe('per-user API rate limit', () => {
  it('refuses a user past the limit with 429 and Retry-After, and leaves other users alone', async () => {
    const busy = await t.signedIn('manager@acme.example');
    for (let request = 0; request < LIMIT; request++) {
      expect((await busy.request('/api/auth')).statusCode).toBe(200);
    }
    const refused = await busy.request('/api/auth');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    const other = await t.signedIn('manager@globex.example');
    expect((await other.request('/api/auth')).statusCode).toBe(200);

    t.clock.advance(60_000);
    expect((await busy.request('/api/auth')).statusCode).toBe(200);
  });

  it('counts a user over every replica on the same database', async () => {
    const replica = await buildApp({
      config: testConfig({ USER_RATE_LIMIT_PER_MINUTE: String(LIMIT) }),
      db: t.database.db,
      secret: TEST_SECRET,
      now: t.clock.now,
    });
    try {
      t.clock.advance(60_000);
      const onFirst = await t.signedIn('manager@acme.example');
      const onSecond = new TestBrowser(replica);
      for (const [name, value] of onFirst.cookies) onSecond.cookies.set(name, value);
      for (let request = 0; request < 3; request++) {
        expect((await onFirst.request('/api/auth')).statusCode).toBe(200);
      }
      expect((await onSecond.request('/api/auth')).statusCode).toBe(200);
      expect((await onSecond.request('/api/auth')).statusCode).toBe(200);
      expect((await onSecond.request('/api/auth')).statusCode).toBe(429);
      expect((await onFirst.request('/api/auth')).statusCode).toBe(429);
    } finally {
      await replica.close();
    }
  });
});
