import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { marketingSubscriptions } from '../src/db/schema';
import { createUnsubscribeLinks, UNSUBSCRIBE_LIMITS } from '../src/modules/marketing/routes';
import { json, TEST_SECRET, useTestApp } from './helpers';

const t = useTestApp();
const links = createUnsubscribeLinks(TEST_SECRET, 'http://localhost:3000');
const unsubscribe = (body: unknown) =>
  t.browser().request('/api/marketing/unsubscribe', { method: 'POST', body });
const stored = async (email: string) =>
  (
    await t.database.db.select().from(marketingSubscriptions).where(eq(marketingSubscriptions.email, email))
  )[0];

describe('POST /api/marketing/unsubscribe', () => {
  it('marks the address unsubscribed and keeps the feedback', async () => {
    const response = await unsubscribe({ email: 'Reader@Example.com', feedback: 'Too many mails' });
    expect(response.statusCode).toBe(204);
    expect(await stored('reader@example.com')).toMatchObject({
      feedback: 'Too many mails',
      unsubscribedAt: t.clock.now(),
    });
  });

  it('answers the same for an address never subscribed, and twice in a row', async () => {
    expect((await unsubscribe({ email: 'never@example.com' })).statusCode).toBe(204);
    expect((await unsubscribe({ email: 'never@example.com' })).statusCode).toBe(204);
  });

  it("accepts a mail link's signed token, and refuses one that does not match the address", async () => {
    const url = new URL(links.url('linked@example.com'));
    const token = url.searchParams.get('token');
    expect(url.pathname).toBe('/unsubscribe');
    expect((await unsubscribe({ email: 'linked@example.com', token })).statusCode).toBe(204);
    const forged = await unsubscribe({ email: 'victim@example.com', token });
    expect(forged.statusCode).toBe(400);
    expect(json(forged).fieldErrors).toHaveProperty('token');
    expect(await stored('victim@example.com')).toBeUndefined();
  });

  it('points Danish readers at the Danish page', () => {
    expect(new URL(links.url('læser@example.dk', 'da')).pathname).toBe('/da/unsubscribe');
  });

  it('answers 400 for a malformed address and 429 for a flood', async () => {
    expect((await unsubscribe({ email: 'nope' })).statusCode).toBe(400);
    const browser = t.browser();
    for (let sent = 0; sent < UNSUBSCRIBE_LIMITS.perAddress; sent++) {
      await browser.request('/api/marketing/unsubscribe', {
        method: 'POST',
        body: { email: 'flood@example.com' },
      });
    }
    const flooded = await browser.request('/api/marketing/unsubscribe', {
      method: 'POST',
      body: { email: 'flood@example.com' },
    });
    expect(flooded.statusCode).toBe(429);
  });
});
