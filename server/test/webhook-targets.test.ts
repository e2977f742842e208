import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { webhookEndpoints } from '../src/db/schema';
import { queueWebhookEvent, webhookSecretBox } from '../src/modules/webhooks';
import { checkTarget, isPublicAddress } from '../src/modules/webhooks/target';
import { json, TEST_SECRET, useTestApp } from './helpers';

// The operator's default: webhooks go to public addresses only.
const t = useTestApp();

describe('webhook targets (no SSRF)', () => {
  it.each([
    'http://127.0.0.1:8080/hook',
    'http://10.0.0.7/hook',
    'http://192.168.1.1/hook',
    'http://169.254.169.254/latest/meta-data/',
    'http://100.64.0.1/hook',
    'http://[::1]/hook',
    'http://[fd00::1]/hook',
    'http://[::ffff:127.0.0.1]/hook',
    'http://0.0.0.0/hook',
    'http://localhost:3000/hook',
  ])('refuses %s at registration, in the url field', async (url) => {
    const manager = await t.signedIn('manager@acme.example');
    const refused = await manager.request('/api/customer/acmecorp/webhooks', {
      method: 'POST',
      body: { url, events: ['server.stale'] },
    });
    expect(refused.statusCode).toBe(400);
    const body = json<{ fieldErrors: Record<string, string[]> }>(refused);
    expect(body.fieldErrors.url?.[0]).toMatch(/private, loopback or link-local/);
  });

  it('refuses a name that does not resolve', async () => {
    const manager = await t.signedIn('manager@acme.example');
    const refused = await manager.request('/api/customer/acmecorp/webhooks', {
      method: 'POST',
      body: { url: 'https://no-such-host.invalid/hook', events: ['server.stale'] },
    });
    expect(json<{ fieldErrors: Record<string, string[]> }>(refused).fieldErrors.url).toEqual([
      'No address could be found for no-such-host.invalid; check the spelling',
    ]);
  });

  it('checks again at each delivery, after resolving the name, and sends nothing to a private address', async () => {
    let reached = 0;
    const server = createServer((_request, response) => {
      reached++;
      response.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      // As if the names had pointed elsewhere when they were registered.
      const seal = webhookSecretBox(TEST_SECRET).seal;
      for (const url of [`http://localhost:${port}/hook`, `http://127.0.0.1:${port}/hook`]) {
        await t.app.db.insert(webhookEndpoints).values({
          customerId: 'globexco',
          url,
          events: ['server.recovered'],
          secret: seal('whsec_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'),
          createdAt: t.app.now(),
        });
      }
      await queueWebhookEvent(t.app.db, 'globexco', 'server.recovered', { certname: 'a' }, t.app.now());
      await t.app.webhooks.drain();
      expect(reached).toBe(0);
      const manager = await t.signedIn('manager@globex.example');
      const endpoints = json<{ data: { id: string }[] }>(
        await manager.request('/api/customer/globexco/webhooks'),
      ).data;
      for (const endpoint of endpoints) {
        const deliveries = json<{
          data: { attempts: { status_code: number | null; response_excerpt: string }[] }[];
        }>(await manager.request(`/api/customer/globexco/webhooks/${endpoint.id}/deliveries`)).data;
        expect(deliveries[0]?.attempts[0]).toMatchObject({ status_code: null });
        expect(deliveries[0]?.attempts[0]?.response_excerpt).toMatch(/private, loopback or link-local/);
      }
    } finally {
      server.close();
    }
  });

  it('takes only https in production, and public unicast only', async () => {
    await expect(
      checkTarget('http://93.184.216.34/hook', { allowPrivate: false, httpsOnly: true }),
    ).rejects.toThrow('Use an https:// address');
    await expect(
      checkTarget('https://93.184.216.34/hook', { allowPrivate: false, httpsOnly: true }),
    ).resolves.toBe(undefined);
    expect(['8.8.8.8', '2606:4700:4700::1111'].every(isPublicAddress)).toBe(true);
    expect(
      ['127.0.0.1', '::1', '169.254.169.254', 'fe80::1', '224.0.0.1', '::ffff:10.0.0.1'].some(
        isPublicAddress,
      ),
    ).toBe(false);
  });
});
