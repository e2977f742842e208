import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { rateLimits } from '../src/db/schema';
import { LOGIN_THROTTLE } from '../src/modules/auth/routes';
import { TEST_SECRET, TestBrowser, testConfig, useTestApp } from './helpers';

/** Behind one load balancer at 10.0.0.5, which appends the address it saw: 203.0.113.7. */
const t = useTestApp({ TRUST_PROXY: '10.0.0.0/8' });
const LOAD_BALANCER = '10.0.0.5';
const CLIENT = '203.0.113.7';

const failedSignIn = (browser: TestBrowser, email: string, forwardedFor: string, from = LOAD_BALANCER) =>
  browser.request('/api/auth', {
    method: 'POST',
    body: { email, password: 'wrong' },
    headers: { 'x-forwarded-for': forwardedFor },
    remoteAddress: from,
  });

/** The address a failed sign-in was counted against. */
async function countedAddress(app: FastifyInstance, forwardedFor: string, from = LOAD_BALANCER) {
  await t.database.db.delete(rateLimits);
  await failedSignIn(new TestBrowser(app), 'nobody@example.com', forwardedFor, from);
  const keys = (await t.database.db.select({ key: rateLimits.key }).from(rateLimits)).map((row) => row.key);
  return keys.find((key) => key.startsWith('login:address:'))?.replace('login:address:', '');
}

describe('client addresses behind trusted proxies', () => {
  it('counts sign-in failures against the address the load balancer saw, whatever the client forges', async () => {
    const browser = t.browser();
    for (let attempt = 0; attempt < LOGIN_THROTTLE.perAddress; attempt++) {
      const forged = `198.51.100.${attempt + 1}`;
      const response = await failedSignIn(browser, `guess${attempt}@acme.example`, `${forged}, ${CLIENT}`);
      expect(response.statusCode).toBe(401);
    }
    const throttled = await failedSignIn(browser, 'manager@acme.example', `1.2.3.4, ${CLIENT}`);
    expect(throttled.statusCode).toBe(429);
    // Someone else behind the same load balancer is not held up.
    expect((await failedSignIn(t.browser(), 'manager@acme.example', '198.51.100.200')).statusCode).toBe(401);
  });

  it('takes the first address from the right that is not a listed proxy', async () => {
    expect(await countedAddress(t.app, `1.2.3.4, ${CLIENT}`)).toBe(CLIENT);
    expect(await countedAddress(t.app, `1.2.3.4, ${CLIENT}, 10.0.0.9`)).toBe(CLIENT);
  });

  it('ignores X-Forwarded-For from a client that reaches the server directly', async () => {
    expect(await countedAddress(t.app, `1.2.3.4, ${CLIENT}`, '192.0.2.50')).toBe('192.0.2.50');
  });

  describe('with a hop count', () => {
    let twoHops: FastifyInstance;
    let noProxy: FastifyInstance;
    beforeAll(async () => {
      const build = (trust: string) =>
        buildApp({ config: testConfig({ TRUST_PROXY: trust }), db: t.database.db, secret: TEST_SECRET });
      twoHops = await build('2');
      noProxy = await build('false');
    });
    afterAll(async () => {
      await twoHops?.close();
      await noProxy?.close();
    });

    it('believes as many hops as there are proxies, and no more', async () => {
      expect(await countedAddress(twoHops, `1.2.3.4, ${CLIENT}, 10.0.0.9`)).toBe(CLIENT);
      expect(await countedAddress(twoHops, `1.2.3.4, 5.6.7.8, ${CLIENT}, 10.0.0.9`)).toBe(CLIENT);
    });

    it('believes no X-Forwarded-For without proxies', async () => {
      expect(await countedAddress(noProxy, `1.2.3.4, ${CLIENT}`)).toBe(LOAD_BALANCER);
    });
  });
});
