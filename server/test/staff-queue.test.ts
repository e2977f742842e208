import { describe, expect, it } from 'vitest';
import { json, useTestApp } from './helpers';

const t = useTestApp();

type Queue = {
  proposals: { id: string; customer: { id: string; company_name: string }; group: { name: string } }[];
  exemptions: { id: string; customer: { id: string; company_name: string }; reason: string }[];
};
const QUEUE = '/api/admin/service-window/queue';

describe('GET /api/admin/service-window/queue', () => {
  it("lists every customer's pending proposals and exemptions with their customer, as many as the badge counts", async () => {
    const admin = await t.signedIn('admin@tidewatch.example');
    const queue = json<Queue>(await admin.request(QUEUE));
    expect(queue.proposals).toEqual([
      expect.objectContaining({
        customer: { id: 'acmecorp', company_name: 'Acme Corp' },
        group: expect.objectContaining({ name: 'monthly-patching' }),
      }),
    ]);
    expect(queue.exemptions).toEqual([
      expect.objectContaining({
        customer: { id: 'acmecorp', company_name: 'Acme Corp' },
        reason: expect.stringContaining('Release freeze'),
      }),
    ]);
    expect(json<number>(await admin.request('/api/admin/count/service_window_queue'))).toBe(2);
  });

  it('leaves an answered proposal out', async () => {
    const admin = await t.signedIn('admin@tidewatch.example');
    const [proposal] = json<Queue>(await admin.request(QUEUE)).proposals;
    const answered = await admin.request(
      `/api/customer/acmecorp/service-window/proposals/${proposal?.id}/resolution`,
      { method: 'POST', body: { decision: 'reject', comment: 'Batch jobs move instead' } },
    );
    expect(answered.statusCode).toBe(200);
    expect(json<Queue>(await admin.request(QUEUE)).proposals).toEqual([]);
    expect(json<number>(await admin.request('/api/admin/count/service_window_queue'))).toBe(1);
  });

  it.each([
    ['admin@tidewatch.example', 200],
    ['approver@tidewatch.example', 200],
    ['tam@tidewatch.example', 200],
    ['finance@tidewatch.example', 403],
    ['security@tidewatch.example', 403],
    ['manager@acme.example', 403],
    ['user@acme.example', 403],
    ['manager@globex.example', 403],
  ])('answers %s with %i', async (email, status) => {
    const caller = await t.signedIn(email);
    expect((await caller.request(QUEUE)).statusCode).toBe(status);
  });

  it('asks for a session', async () => {
    expect((await t.browser().request(QUEUE)).statusCode).toBe(401);
  });

  it("gives a customer's badge no queue of its own", async () => {
    const manager = await t.signedIn('manager@acme.example');
    expect((await manager.request('/api/count/service_window_queue/acmecorp')).statusCode).toBe(400);
  });
});

describe('GET /api/admin/owners', () => {
  it('names the customer of a server, cluster or team for staff who read every customer', async () => {
    for (const email of ['admin@tidewatch.example', 'finance@tidewatch.example']) {
      const staff = await t.signedIn(email);
      const owners = async (kind: string, name: string) =>
        json<{ data: unknown[] }>(await staff.request(`/api/admin/owners?kind=${kind}&name=${name}`)).data;
      expect(await owners('server', 'web-01.acmecorp')).toEqual([
        { id: 'acmecorp', company_name: 'Acme Corp' },
      ]);
      expect(await owners('server', 'gx-db-01.globexco')).toEqual([
        { id: 'globexco', company_name: 'Globex' },
      ]);
      expect(await owners('team', 'Operations')).toEqual([{ id: 'globexco', company_name: 'Globex' }]);
      expect(await owners('server', 'nowhere.example')).toEqual([]);
    }
  });

  it.each(['security@tidewatch.example', 'manager@acme.example', 'user@acme.example'])(
    'refuses %s, who may not see other customers',
    async (email) => {
      const caller = await t.signedIn(email);
      expect((await caller.request('/api/admin/owners?kind=server&name=gx-db-01.globexco')).statusCode).toBe(
        403,
      );
    },
  );

  it('answers 400 with field errors for an unknown kind', async () => {
    const admin = await t.signedIn('admin@tidewatch.example');
    const response = await admin.request('/api/admin/owners?kind=invoice&name=x');
    expect(response.statusCode).toBe(400);
    expect(json(response)).toHaveProperty('fieldErrors.kind');
  });
});
