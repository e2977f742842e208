import { describe, expect, it } from 'vitest';
import { json, useTestApp } from './helpers';

const t = useTestApp();

type Cluster = { certname: string; name: string; provider: string; tags: string[]; plan: string | null };

describe('clusters', () => {
  it("lists a customer's clusters with filters and pages", async () => {
    const browser = await t.signedIn('user@acme.example');
    const all = json<{ data: Cluster[]; total: number; next_cursor: string | null }>(
      await browser.request('/api/customer/acmecorp/clusters'),
    );
    expect(all.data.map((cluster) => cluster.certname)).toEqual([
      'data-platform.acmecorp',
      'office-vpn.acmecorp',
      'shop-prod.acmecorp',
    ]);
    expect(all.total).toBe(3);
    const first = json<{ data: Cluster[]; next_cursor: string }>(
      await browser.request('/api/customer/acmecorp/clusters?limit=2'),
    );
    const rest = json<{ data: Cluster[]; next_cursor: string | null }>(
      await browser.request(`/api/customer/acmecorp/clusters?limit=2&cursor=${first.next_cursor}`),
    );
    expect(rest.data.map((cluster) => cluster.certname)).toEqual(['shop-prod.acmecorp']);
    expect(rest.next_cursor).toBeNull();
    const vpn = json<{ data: Cluster[] }>(await browser.request('/api/customer/acmecorp/clusters?type=vpn'));
    expect(vpn.data.map((cluster) => cluster.name)).toEqual(['office-vpn']);
    const tagged = json<{ data: Cluster[] }>(
      await browser.request('/api/customer/acmecorp/clusters?tag=Data%20Engineering&provider=aws'),
    );
    expect(tagged.data.map((cluster) => cluster.name)).toEqual(['data-platform']);
    expect((await browser.request('/api/customer/acmecorp/clusters?provider=moon')).statusCode).toBe(400);
  });

  it('sorts by a column either way, paging without repeats or gaps', async () => {
    const browser = await t.signedIn('user@acme.example');
    type Page = { data: (Cluster & { node_count: number })[]; next_cursor: string | null };
    const everything = json<Page>(await browser.request('/api/customer/acmecorp/clusters?sort=-node_count'));
    const counts = everything.data.map((cluster) => cluster.node_count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const first = json<Page>(
      await browser.request('/api/customer/acmecorp/clusters?sort=-node_count&limit=2'),
    );
    const rest = json<Page>(
      await browser.request(
        `/api/customer/acmecorp/clusters?sort=-node_count&limit=2&cursor=${first.next_cursor}`,
      ),
    );
    expect([...first.data, ...rest.data].map((cluster) => cluster.certname)).toEqual(
      everything.data.map((cluster) => cluster.certname),
    );
    const byProvider = json<Page>(await browser.request('/api/customer/acmecorp/clusters?sort=provider'));
    const providers = byProvider.data.map((cluster) => cluster.provider);
    expect(providers).toEqual([...providers].sort());
    expect((await browser.request('/api/customer/acmecorp/clusters?sort=tags')).statusCode).toBe(400);
  });

  it('shows one cluster', async () => {
    const browser = await t.signedIn('user@acme.example');
    const response = await browser.request('/api/customer/acmecorp/clusters/shop-prod.acmecorp');
    expect(json(response)).toMatchObject({
      type: 'workload',
      provider: 'hetzner',
      kubernetes_version: '1.33.4',
      node_groups: [
        { name: 'general', min: 3, max: 9 },
        { name: 'memory', min: 1, max: 4 },
      ],
      node_count: 7,
      tags: ['Web Shop', 'production', 'weekly-patching'],
    });
    expect((await browser.request('/api/customer/acmecorp/clusters/nope.acmecorp')).statusCode).toBe(404);
  });

  it('adds a cluster and answers its bootstrap token once', async () => {
    const manager = await t.signedIn('manager@acme.example');
    const response = await manager.request('/api/customer/acmecorp/clusters', {
      method: 'POST',
      // The bootstrap command names the public URL, never the Host a request brings.
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
      body: {
        name: 'ml-lab',
        type: 'workload',
        provider: 'local',
        plan: 'silver',
        kubernetes_version: '1.33',
        node_groups: [{ name: 'gpu', min: 0, max: 2 }],
        tags: ['Data Engineering'],
      },
    });
    expect(response.statusCode).toBe(200);
    const body = json<{
      cluster: Cluster & { status: string };
      bootstrap: { token: string; command: string; expires_at: string };
    }>(response);
    expect(body.cluster).toMatchObject({
      certname: 'ml-lab.acmecorp',
      status: 'registered',
      tags: ['Data Engineering'],
    });
    expect(body.bootstrap.token).toMatch(/^twi_/);
    expect(body.bootstrap.command).toContain(body.bootstrap.token);
    expect(body.bootstrap.command).toMatch(/--from-literal=url=http:\/\/localhost:3000\/api$/);
    expect(body.bootstrap.expires_at).toBe('2026-11-02T11:00:00.000Z');
    const again = await manager.request('/api/customer/acmecorp/clusters', {
      method: 'POST',
      body: { name: 'ml-lab', type: 'workload', provider: 'local', plan: null },
    });
    expect(again.statusCode).toBe(409);
  });

  it('answers 400 with field errors for a bad cluster and 403 for a plain user', async () => {
    const manager = await t.signedIn('manager@acme.example');
    const response = await manager.request('/api/customer/acmecorp/clusters', {
      method: 'POST',
      body: {
        name: 'Bad Name',
        type: 'batch',
        provider: 'aws',
        plan: null,
        node_groups: [{ name: 'a', min: 5, max: 2 }],
      },
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(json<{ fieldErrors: object }>(response).fieldErrors).sort()).toEqual([
      'name',
      'node_groups.0.min',
      'type',
    ]);
    const user = await t.signedIn('user@acme.example');
    const refused = await user.request('/api/customer/acmecorp/clusters', {
      method: 'POST',
      body: { name: 'x', type: 'workload', provider: 'aws', plan: null },
    });
    expect(refused.statusCode).toBe(403);
  });

  it("changes a cluster's tags and plan", async () => {
    const manager = await t.signedIn('manager@acme.example');
    const response = await manager.request('/api/customer/acmecorp/clusters/office-vpn.acmecorp', {
      method: 'PATCH',
      body: { tags: ['production', 'Platform'], plan: 'gold' },
    });
    expect(json(response)).toMatchObject({ tags: ['production', 'Platform'], plan: 'gold' });
  });
});
