import { describe, expect, it } from 'vitest';
import { json, useTestApp } from './helpers';

const t = useTestApp();

type Page = {
  data: {
    certname: string;
    customer_id: string;
    customer_name: string;
    status: string;
    plan: string | null;
    last_run: { status: string } | null;
  }[];
  next_cursor: string | null;
  total: number | null;
};
const FLEET = '/api/admin/fleet';

describe('GET /api/admin/fleet', () => {
  it("pages through every customer's servers once, failing and stale first, naming the customer", async () => {
    const admin = await t.signedIn('admin@tidewatch.example');
    const seen: Page['data'] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `&cursor=${cursor}` : '';
      const page = json<Page>(await admin.request(`${FLEET}?limit=8${query}`));
      expect(page.total).toBe(cursor ? null : 45);
      seen.push(...page.data);
      cursor = page.next_cursor;
    } while (cursor);
    expect(new Set(seen.map((server) => server.certname)).size).toBe(45);
    const rank = (server: Page['data'][number]) =>
      server.status === 'install_failed' || server.last_run?.status === 'failed'
        ? 0
        : server.status === 'stale'
          ? 1
          : 2;
    expect(seen.map(rank)).toEqual(seen.map(rank).sort());
    expect(seen.slice(0, 4).map((server) => server.certname)).toEqual([
      'batch-02.acmecorp',
      'etl-03.acmecorp',
      'gx-web-02.globexco',
      'web-05.acmecorp',
    ]);
    expect(seen.find((server) => server.certname === 'gx-db-01.globexco')).toMatchObject({
      customer_id: 'globexco',
      customer_name: 'Globex',
    });
  });

  it('filters by customer, status, plan and OS, and sorts by customer', async () => {
    const admin = await t.signedIn('admin@tidewatch.example');
    const names = async (query: string) =>
      json<Page>(await admin.request(`${FLEET}?${query}`)).data.map((server) => server.certname);
    expect(await names('customer_id=globexco&sort=certname')).toEqual([
      'gx-batch-01.globexco',
      'gx-db-01.globexco',
      'gx-legacy-01.globexco',
      'gx-web-01.globexco',
      'gx-web-02.globexco',
      'gx-web-03.globexco',
    ]);
    expect(await names('status=stale')).toEqual(['batch-01.acmecorp', 'gx-batch-01.globexco']);
    expect(await names('distribution=debian&version=11&sort=-certname')).toEqual([
      'gx-legacy-01.globexco',
      'etl-04.acmecorp',
      'etl-03.acmecorp',
      'etl-02.acmecorp',
      'etl-01.acmecorp',
    ]);
    expect(await names('plan=gold&customer_id=globexco')).toEqual(['gx-db-01.globexco']);
    expect((await names('sort=-customer&limit=6')).every((name) => name.endsWith('.globexco'))).toBe(true);
    expect(await names('customer_id=tidewatchmon')).toEqual([]);
  });

  it('exports the filtered fleet as CSV with a customer column', async () => {
    const admin = await t.signedIn('admin@tidewatch.example');
    const response = await admin.request('/api/admin/fleet/export.csv?status=stale');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toBe('attachment; filename="fleet-2026-11-02.csv"');
    const lines = response.body.trim().split('\n');
    expect(lines[0]).toMatch(/^customer_id,customer,certname,status,plan/);
    expect(lines.slice(1).map((line) => line.split(',').slice(0, 4))).toEqual([
      ['acmecorp', 'Acme Corp', 'batch-01.acmecorp', 'stale'],
      ['globexco', 'Globex', 'gx-batch-01.globexco', 'stale'],
    ]);
  });

  it('answers 403 to customer users and to staff without the capability', async () => {
    for (const email of ['manager@acme.example', 'user@acme.example', 'finance@tidewatch.example']) {
      const browser = await t.signedIn(email);
      for (const url of [FLEET, `${FLEET}?customer_id=acmecorp`, `${FLEET}/export.csv`]) {
        const response = await browser.request(url);
        expect(response.statusCode, `${email} ${url}`).toBe(403);
        expect(response.body).not.toMatch(/gx-|acmecorp\./);
      }
    }
    expect((await t.browser().request(FLEET)).statusCode).toBe(401);
  });

  it('answers 400 with field errors for bad filters and a forged cursor, 404 for an unknown customer', async () => {
    const admin = await t.signedIn('admin@tidewatch.example');
    const bad = await admin.request(`${FLEET}?status=sleeping&limit=500&sort=size&customer_id=NOPE`);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(json<{ fieldErrors: object }>(bad).fieldErrors).sort()).toEqual([
      'customer_id',
      'limit',
      'sort',
      'status',
    ]);
    const forged = await admin.request(`${FLEET}?cursor=${Buffer.from('["x","y"]').toString('base64url')}`);
    expect(forged.statusCode).toBe(400);
    expect((await admin.request(`${FLEET}?customer_id=nosuchco`)).statusCode).toBe(404);
  });
});
