import { describe, expect, it } from 'vitest';
import { json, useTestApp } from './helpers';

const t = useTestApp();

type Tag = {
  id: string;
  name: string;
  type: string;
  timezone: string | null;
  server_count: number;
  cluster_count: number;
};
type Listed = { data: Tag[] };

async function tagId(name: string, customerId = 'acmecorp') {
  const admin = await t.signedIn('admin@tidewatch.example');
  const { data } = json<Listed>(await admin.request(`/api/tags?customer_id=${customerId}`));
  return data.find((tag) => tag.name === name)?.id ?? '';
}

describe('GET /api/tags', () => {
  it("lists a customer's tags with member counts", async () => {
    const browser = await t.signedIn('user@acme.example');
    const response = await browser.request('/api/tags?customer_id=acmecorp');
    expect(response.statusCode).toBe(200);
    const { data } = json<Listed>(response);
    expect(data.map((tag) => tag.name)).toEqual([
      'Data Engineering',
      'Platform',
      'Web Shop',
      'database',
      'monthly-patching',
      'production',
      'staging',
      'weekly-patching',
    ]);
    expect(data.find((tag) => tag.name === 'database')).toMatchObject({
      type: 'plain',
      server_count: 4,
      cluster_count: 0,
    });
    expect(data.find((tag) => tag.name === 'Web Shop')).toMatchObject({ server_count: 13, cluster_count: 1 });
  });

  it('lists update groups with type=update_groups, and teams with type=team', async () => {
    const browser = await t.signedIn('user@acme.example');
    const groups = json<Listed>(await browser.request('/api/tags?customer_id=acmecorp&type=update_groups'));
    expect(groups.data.map((tag) => [tag.name, tag.timezone])).toEqual([
      ['monthly-patching', 'Europe/London'],
      ['weekly-patching', 'Europe/Copenhagen'],
    ]);
    const teams = json<Listed>(await browser.request('/api/tags?customer_id=acmecorp&type=team'));
    expect(teams.data).toHaveLength(3);
    expect((await browser.request('/api/tags?customer_id=acmecorp&type=colours')).statusCode).toBe(400);
    expect((await browser.request('/api/tags')).statusCode).toBe(400);
  });
});

describe('GET /api/tags/team/servers and /api/tags/team/clusters', () => {
  it("list a team's servers and clusters, each carrying the team, its time zone and a type", async () => {
    const browser = await t.signedIn('user@acme.example');
    const servers = json<{ data: { certname: string; team: string; timezone: string; type: string }[] }>(
      await browser.request('/api/tags/team/servers?customer_id=acmecorp&name=Data%20Engineering'),
    );
    expect(servers.data.map((server) => server.certname)).toContain('db-01.acmecorp');
    expect(
      servers.data.every((server) => server.team === 'Data Engineering' && server.type === 'server'),
    ).toBe(true);
    expect(servers.data[0]?.timezone).toBe('Europe/London');
    const clusters = json<{ data: { certname: string; type: string }[] }>(
      await browser.request('/api/tags/team/clusters?customer_id=acmecorp&name=Web%20Shop'),
    );
    expect(clusters.data.map((cluster) => [cluster.certname, cluster.type])).toEqual([
      ['shop-prod.acmecorp', 'k8s'],
    ]);
  });

  it('answer 404 for a tag that is not a team, and 400 without a name', async () => {
    const browser = await t.signedIn('user@acme.example');
    expect(
      (await browser.request('/api/tags/team/servers?customer_id=acmecorp&name=staging')).statusCode,
    ).toBe(404);
    expect((await browser.request('/api/tags/team/clusters?customer_id=acmecorp&name=Nope')).statusCode).toBe(
      404,
    );
    expect((await browser.request('/api/tags/team/servers?customer_id=acmecorp')).statusCode).toBe(400);
  });
});

describe('tag CRUD', () => {
  it('creates, renames, retypes and deletes a tag, telling what deleting affects', async () => {
    const manager = await t.signedIn('manager@acme.example');
    const created = await manager.request('/api/customer/acmecorp/tags', {
      method: 'POST',
      body: { name: 'Night Shift', type: 'team', timezone: 'America/New_York' },
    });
    expect(created.statusCode).toBe(200);
    const tag = json<Tag & { impact: object }>(created);
    expect(tag).toMatchObject({ name: 'Night Shift', type: 'team', timezone: 'America/New_York' });
    expect(tag.impact).toEqual({
      servers: 0,
      clusters: 0,
      contacts: 0,
      feature_switches: 0,
      open_change_requests: 0,
    });

    const url = `/api/customer/acmecorp/tags/${tag.id}`;
    const renamed = await manager.request(url, { method: 'PATCH', body: { name: 'Late Shift' } });
    expect(json(renamed)).toMatchObject({ name: 'Late Shift', type: 'team' });
    const plain = await manager.request(url, { method: 'PATCH', body: { type: 'plain', timezone: null } });
    expect(json(plain)).toMatchObject({ type: 'plain', timezone: null });

    const members = await manager.request(`${url}/members`, {
      method: 'PATCH',
      body: { add: { servers: ['web-01.acmecorp', 'web-02.acmecorp'], clusters: ['office-vpn.acmecorp'] } },
    });
    expect(json(members)).toMatchObject({ server_count: 2, cluster_count: 1 });
    const server = json<{ tags: string[] }>(
      await manager.request('/api/customer/acmecorp/servers/web-01.acmecorp'),
    );
    expect(server.tags.at(-1)).toBe('Late Shift');
    const removed = await manager.request(`${url}/members`, {
      method: 'PATCH',
      body: { remove: { servers: ['web-02.acmecorp'] } },
    });
    expect(json(removed)).toMatchObject({ server_count: 1, cluster_count: 1 });
    expect(json(await manager.request(url))).toMatchObject({ impact: { servers: 1, clusters: 1 } });

    expect((await manager.request(url, { method: 'DELETE' })).statusCode).toBe(204);
    expect((await manager.request(url)).statusCode).toBe(404);
    const after = json<{ tags: string[] }>(
      await manager.request('/api/customer/acmecorp/servers/web-01.acmecorp'),
    );
    expect(after.tags).not.toContain('Late Shift');
  });

  it('refuses a duplicate name (409), a team without a time zone and a bad name (400)', async () => {
    const manager = await t.signedIn('manager@acme.example');
    const create = (body: object) => manager.request('/api/customer/acmecorp/tags', { method: 'POST', body });
    expect((await create({ name: 'staging' })).statusCode).toBe(409);
    expect(json(await create({ name: 'Ops', type: 'team' }))).toMatchObject({
      fieldErrors: { timezone: ['Choose a time zone for a team or an update group'] },
    });
    expect(json(await create({ name: 'Ops', type: 'team', timezone: 'Mars/Olympus' }))).toMatchObject({
      fieldErrors: { timezone: ['Choose a time zone'] },
    });
    expect((await create({ name: '-dash' })).statusCode).toBe(400);
    const staging = await tagId('staging');
    const toTeam = await manager.request(`/api/customer/acmecorp/tags/${staging}`, {
      method: 'PATCH',
      body: { type: 'team' },
    });
    expect(toTeam.statusCode).toBe(400);
    const clash = await manager.request(`/api/customer/acmecorp/tags/${staging}`, {
      method: 'PATCH',
      body: { name: 'database' },
    });
    expect(clash.statusCode).toBe(409);
  });

  it('refuses an eleventh tag when adding members', async () => {
    const manager = await t.signedIn('manager@acme.example');
    const names = Array.from({ length: 10 }, (_, index) => `extra-${index}`);
    for (const name of names) {
      await manager.request('/api/customer/acmecorp/tags', { method: 'POST', body: { name } });
    }
    await manager.request('/api/customer/acmecorp/servers/files-01.acmecorp', {
      method: 'PATCH',
      body: { tags: names },
    });
    const response = await manager.request(`/api/customer/acmecorp/tags/${await tagId('staging')}/members`, {
      method: 'PATCH',
      body: { add: { servers: ['files-01.acmecorp'] } },
    });
    expect(response.statusCode).toBe(400);
    expect(json(response)).toMatchObject({ message: 'files-01.acmecorp already has 10 tags' });
  });

  it('is for customer managers and staff: a plain user gets 403 on every write', async () => {
    const user = await t.signedIn('user@acme.example');
    const id = await tagId('staging');
    const writes = [
      user.request('/api/customer/acmecorp/tags', { method: 'POST', body: { name: 'x' } }),
      user.request(`/api/customer/acmecorp/tags/${id}`, { method: 'PATCH', body: { name: 'x' } }),
      user.request(`/api/customer/acmecorp/tags/${id}`, { method: 'DELETE' }),
      user.request(`/api/customer/acmecorp/tags/${id}/members`, { method: 'PATCH', body: {} }),
    ];
    for (const response of await Promise.all(writes)) expect(response.statusCode).toBe(403);
    expect((await user.request(`/api/customer/acmecorp/tags/${id}`)).statusCode).toBe(200);
  });
});
