import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { json, useTestApp } from './helpers';

const t = useTestApp();

type Page = {
  data: {
    certname: string;
    status: string;
    plan: string | null;
    tags: string[];
    os: { name: string } | null;
  }[];
  next_cursor: string | null;
  total: number | null;
};
const LIST = '/api/customer/acmecorp/servers';

describe('GET /api/customer/{customer_id}/servers', () => {
  it('pages through every server once, in certname order, leaving decommissioned ones out', async () => {
    const browser = await t.signedIn('user@acme.example');
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `&cursor=${cursor}` : '';
      const page = json<Page>(await browser.request(`${LIST}?limit=7${query}`));
      expect(page.total).toBe(cursor ? null : 39);
      expect(page.data.length).toBeLessThanOrEqual(7);
      seen.push(...page.data.map((server) => server.certname));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toHaveLength(39);
    expect(new Set(seen).size).toBe(39);
    expect(seen).toEqual([...seen].sort());
    expect(seen).not.toContain('old-web-01.acmecorp');
    expect(seen.every((certname) => certname.endsWith('.acmecorp'))).toBe(true);
  });

  it('sorts descending and by other keys with stable pages', async () => {
    const browser = await t.signedIn('user@acme.example');
    for (const sort of ['-certname', 'last_seen', '-last_seen', 'status', 'os', '-plan']) {
      const first = json<Page>(await browser.request(`${LIST}?limit=20&sort=${sort}`));
      const second = json<Page>(
        await browser.request(`${LIST}?limit=20&sort=${sort}&cursor=${first.next_cursor}`),
      );
      const all = [...first.data, ...second.data].map((server) => server.certname);
      expect(new Set(all).size, sort).toBe(39);
    }
    const descending = json<Page>(await browser.request(`${LIST}?sort=-certname&limit=1`));
    expect(descending.data[0]?.certname).toBe('web-08.acmecorp');
  });

  it('searches the certname and filters by tag, OS, plan and status', async () => {
    const browser = await t.signedIn('user@acme.example');
    const names = async (query: string) =>
      json<Page>(await browser.request(`${LIST}?${query}`)).data.map((server) => server.certname);
    expect(await names('q=DB-0')).toEqual([
      'db-01.acmecorp',
      'db-02.acmecorp',
      'db-03.acmecorp',
      'db-04.acmecorp',
    ]);
    expect(await names('q=%25')).toEqual([]);
    expect(await names('tag=database')).toHaveLength(4);
    expect(await names('tag=no-such-tag')).toEqual([]);
    expect(await names('distribution=centos&version=7')).toEqual(['erp-01.acmecorp', 'erp-02.acmecorp']);
    expect(await names('plan=none')).toEqual(['vpn-01.acmecorp']);
    expect(await names('status=stale')).toEqual(['batch-01.acmecorp']);
    expect(await names('status=decommissioned')).toEqual(['old-web-01.acmecorp']);
    expect(await names('tag=Web%20Shop&plan=basic&sort=-certname')).toEqual([
      'staging-web-03.acmecorp',
      'staging-web-02.acmecorp',
      'staging-web-01.acmecorp',
    ]);
  });

  it('keeps every certname lowercase, which lets search match case-sensitively', async () => {
    const insert = t.database.db.execute(
      sql`insert into servers (customer_id, certname, hostname) values ('acmecorp', 'Web-99.acmecorp', 'Web-99')`,
    );
    await expect(insert).rejects.toMatchObject({ cause: { constraint: 'servers_certname_lowercase_check' } });
  });

  it('answers each customer with its own servers from the same prepared query', async () => {
    const admin = await t.signedIn('admin@tidewatch.example');
    const certnames = async (customer: string, query: string) =>
      json<Page>(await admin.request(`/api/customer/${customer}/servers?${query}`)).data.map(
        (server) => server.certname,
      );
    for (const query of ['limit=50', 'limit=50&sort=-last_seen', 'limit=50&tag=database', 'limit=50&q=01']) {
      const acme = await certnames('acmecorp', query);
      const globex = await certnames('globexco', query);
      expect(acme.length, query).toBeGreaterThan(0);
      expect(
        acme.every((certname) => certname.endsWith('.acmecorp')),
        query,
      ).toBe(true);
      expect(
        globex.every((certname) => certname.endsWith('.globexco')),
        query,
      ).toBe(true);
      // And back again, now that both customers have asked in this shape.
      expect(await certnames('acmecorp', query), query).toEqual(acme);
    }
    // Acme's tag names nothing of Globex's.
    expect(await certnames('globexco', 'tag=database')).toEqual([]);
  });

  it('answers 400 with field errors for bad filters and a forged cursor', async () => {
    const browser = await t.signedIn('user@acme.example');
    const bad = await browser.request(`${LIST}?status=sleeping&limit=500&sort=size`);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(json<{ fieldErrors: object }>(bad).fieldErrors).sort()).toEqual([
      'limit',
      'sort',
      'status',
    ]);
    const forged = await browser.request(`${LIST}?cursor=bm90LWEtY3Vyc29y`);
    expect(forged.statusCode).toBe(400);
    expect(json(forged)).toMatchObject({ fieldErrors: { cursor: ['Not a cursor this list gave out'] } });
  });
});

describe('GET /api/customer/{customer_id}/servers/export.csv', () => {
  it('exports the filtered list as CSV with a header', async () => {
    const browser = await t.signedIn('user@acme.example');
    const response = await browser.request('/api/customer/acmecorp/servers/export.csv?tag=database');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toContain('servers-acmecorp-2026-11-02.csv');
    const lines = response.body.trim().split('\n');
    expect(lines[0]).toBe(
      'certname,status,plan,roles,tags,os,end_of_life,past_end_of_life,last_seen,last_run,created',
    );
    expect(lines).toHaveLength(5);
    expect(lines[1]).toMatch(
      /^db-01\.acmecorp,active,platinum,postgresql,Data Engineering; production; database; monthly-patching,Debian 12,2028-06-30,no,/,
    );
  });
});

describe('GET /api/customer/{customer_id}/servers/os', () => {
  it('summarises servers by distribution and version and flags those past end of life', async () => {
    const browser = await t.signedIn('user@acme.example');
    const { data } = json<{ data: { name: string; count: number; past_end_of_life: boolean }[] }>(
      await browser.request('/api/customer/acmecorp/servers/os'),
    );
    expect(data.find((os) => os.name === 'CentOS Linux 7')).toMatchObject({
      count: 2,
      past_end_of_life: true,
    });
    expect(data.find((os) => os.name === 'Debian 11')).toMatchObject({ count: 4, past_end_of_life: true });
    expect(data.find((os) => os.name === 'Debian 12')).toMatchObject({ count: 8, past_end_of_life: false });
    expect(data.find((os) => os.name === 'Red Hat Enterprise Linux 9')).toMatchObject({ count: 4 });
  });
});

describe('GET /api/customer/{customer_id}/servers/{certname}', () => {
  it('shows facts, tags, roles, plan, configuration and recent agent runs', async () => {
    const browser = await t.signedIn('user@acme.example');
    const response = await browser.request('/api/customer/acmecorp/servers/web-01.acmecorp');
    expect(response.statusCode).toBe(200);
    const server = json<Record<string, unknown> & { runs: unknown[]; configuration: { yaml: string } }>(
      response,
    );
    expect(server).toMatchObject({
      certname: 'web-01.acmecorp',
      status: 'active',
      plan: 'gold',
      roles: ['nginx', 'redis'],
      tags: ['Web Shop', 'production', 'weekly-patching'],
      update_group: 'weekly-patching',
      os: { name: 'Ubuntu 24.04', end_of_life: '2029-05-31', past_end_of_life: false },
      facts: { pretty_name: 'Ubuntu 24.04.3 LTS' },
    });
    expect(server.runs.length).toBeGreaterThan(3);
    expect(server.configuration.yaml).toContain('redis::maxmemory_mb: 512');
    expect(server.tag_roles).toEqual([]);
  });

  it('names the tags that give a server roles, in its tag order', async () => {
    const browser = await t.signedIn('user@acme.example');
    const response = await browser.request('/api/customer/acmecorp/servers/staging-web-01.acmecorp');
    expect(json(response)).toMatchObject({
      tags: ['Web Shop', 'staging'],
      tag_roles: [{ tag: 'staging', roles: ['nginx'] }],
    });
  });

  it('answers 404 for an unknown server and 400 for a malformed certname', async () => {
    const browser = await t.signedIn('user@acme.example');
    expect((await browser.request('/api/customer/acmecorp/servers/nope.acmecorp')).statusCode).toBe(404);
    expect((await browser.request('/api/customer/acmecorp/servers/NOT_A_NAME')).statusCode).toBe(400);
  });
});

describe('PATCH /api/customer/{customer_id}/servers/{certname}', () => {
  it('sets the tags in order and the plan', async () => {
    const manager = await t.signedIn('manager@acme.example');
    const response = await manager.request('/api/customer/acmecorp/servers/mail-01.acmecorp', {
      method: 'PATCH',
      body: { tags: ['production', 'Platform'], plan: 'gold' },
    });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toMatchObject({ tags: ['production', 'Platform'], plan: 'gold' });
    const unmanaged = await manager.request('/api/customer/acmecorp/servers/mail-01.acmecorp', {
      method: 'PATCH',
      body: { plan: null },
    });
    // Support ends at the end of the paid month (decision 0053): the plan holds until then.
    expect(json(unmanaged)).toMatchObject({ plan: 'gold', tags: ['production', 'Platform'] });
  });

  it('refuses unknown tags, more than 10, repeats and unknown plans with field errors', async () => {
    const manager = await t.signedIn('manager@acme.example');
    const patch = (body: object) =>
      manager.request('/api/customer/acmecorp/servers/mail-01.acmecorp', { method: 'PATCH', body });
    const unknown = await patch({ tags: ['nope'] });
    expect(unknown.statusCode).toBe(400);
    expect(json(unknown)).toMatchObject({ fieldErrors: { tags: ['No tag named nope'] } });
    const many = await patch({ tags: Array.from({ length: 11 }, (_, index) => `t${index}`) });
    expect(json(many)).toMatchObject({ fieldErrors: { tags: ['Use at most 10 tags'] } });
    expect(json(await patch({ tags: ['staging', 'staging'] }))).toMatchObject({
      fieldErrors: { tags: ['Use each tag once'] },
    });
    expect((await patch({ plan: 'diamond' })).statusCode).toBe(400);
  });

  it('is for customer managers and staff: a plain user gets 403', async () => {
    const user = await t.signedIn('user@acme.example');
    const response = await user.request('/api/customer/acmecorp/servers/mail-01.acmecorp', {
      method: 'PATCH',
      body: { plan: 'basic' },
    });
    expect(response.statusCode).toBe(403);
    const admin = await t.signedIn('admin@tidewatch.example');
    expect(
      (
        await admin.request('/api/customer/acmecorp/servers/mail-01.acmecorp', {
          method: 'PATCH',
          body: { plan: 'silver' },
        })
      ).statusCode,
    ).toBe(200);
  });
});

describe('POST /api/customer/{customer_id}/servers/bulk-tags', () => {
  it('adds tags at the end and removes others on many servers at once', async () => {
    const manager = await t.signedIn('manager@acme.example');
    const certnames = ['ci-runner-01.acmecorp', 'ci-runner-02.acmecorp'];
    const response = await manager.request('/api/customer/acmecorp/servers/bulk-tags', {
      method: 'POST',
      body: { certnames, add: ['database'], remove: ['staging'] },
    });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ updated: 2 });
    const page = json<Page>(await manager.request(`${LIST}?q=ci-runner-0&limit=2`));
    expect(page.data.map((server) => server.tags)).toEqual([
      ['Platform', 'database'],
      ['Platform', 'database'],
    ]);
    const again = await manager.request('/api/customer/acmecorp/servers/bulk-tags', {
      method: 'POST',
      body: { certnames, add: ['database'] },
    });
    expect(json(again)).toEqual({ updated: 0 });
  });

  it('answers 400 for no tags, unknown servers or tags, and another customer’s servers', async () => {
    const manager = await t.signedIn('manager@acme.example');
    const bulk = (body: object) =>
      manager.request('/api/customer/acmecorp/servers/bulk-tags', { method: 'POST', body });
    expect(json(await bulk({ certnames: ['web-01.acmecorp'] }))).toMatchObject({
      fieldErrors: { add: ['Choose a tag to add or remove'] },
    });
    expect(json(await bulk({ certnames: [], add: ['staging'] }))).toMatchObject({
      fieldErrors: { certnames: ['Choose at least one server'] },
    });
    expect((await bulk({ certnames: ['gx-web-01.globexco'], add: ['staging'] })).statusCode).toBe(400);
    expect((await bulk({ certnames: ['web-01.acmecorp'], add: ['nope'] })).statusCode).toBe(400);
  });
});

describe('DELETE /api/customer/{customer_id}/servers/{certname}', () => {
  it('decommissions a server once', async () => {
    const manager = await t.signedIn('manager@acme.example');
    const url = '/api/customer/acmecorp/servers/report-01.acmecorp';
    expect((await manager.request(url, { method: 'DELETE' })).statusCode).toBe(204);
    expect(json(await manager.request(url))).toMatchObject({ status: 'decommissioned' });
    expect((await manager.request(url, { method: 'DELETE' })).statusCode).toBe(409);
  });
});
