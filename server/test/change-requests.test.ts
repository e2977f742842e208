import { type ApiErrorBody, fillRefusal, ROLE_REFUSALS } from '@tidewatch/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { json, useTestApp } from './helpers';

const t = useTestApp();

type Request = {
  number: number;
  status: string;
  author: string;
  resolved_by: string | null;
  target: { kind: string; name: string };
  base_yaml: string;
  proposed_yaml: string;
  diff: string;
  outdated: boolean;
};
const BASE = '/api/customer/acmecorp/change-requests';

describe('GET change requests', () => {
  it('lists the demo requests newest first, filtered by status', async () => {
    const browser = await t.signedIn('user@acme.example');
    const all = json<{ data: Request[] }>(await browser.request(BASE));
    expect(all.data.map((request) => [request.number, request.status])).toEqual([
      [2, 'open'],
      [1, 'merged'],
    ]);
    const merged = json<{ data: Request[] }>(await browser.request(`${BASE}?status=merged`));
    expect(merged.data).toMatchObject([{ number: 1, author: 'Grace Hopper', resolved_by: 'Frank Miller' }]);
    expect((await browser.request(`${BASE}?status=maybe`)).statusCode).toBe(400);
  });

  it('shows one with its YAML and diff', async () => {
    const browser = await t.signedIn('user@acme.example');
    const request = json<Request>(await browser.request(`${BASE}/2`));
    expect(request).toMatchObject({ target: { kind: 'server', name: 'lb-01.acmecorp' }, outdated: false });
    expect(request.diff).toContain('+  - redis');
    expect(request.diff).toContain('--- a/lb-01.acmecorp.yaml');
    expect((await browser.request(`${BASE}/99`)).statusCode).toBe(404);
    expect((await browser.request(`${BASE}/abc`)).statusCode).toBe(400);
  });
});

describe('POST change requests', () => {
  it('lets any user of the customer propose; merging applies the configuration', async () => {
    const user = await t.signedIn('user@acme.example');
    const opened = await user.request(BASE, {
      method: 'POST',
      body: {
        target: { kind: 'server', certname: 'mail-01.acmecorp' },
        roles: ['mail-relay', 'redis'],
        parameters: { 'mail-relay': { relay_host: 'smtp.example.net', relay_password: 'hunter2' } },
      },
    });
    expect(opened.statusCode).toBe(200);
    const request = json<Request & { title: string }>(opened);
    expect(request).toMatchObject({ number: 3, status: 'open', author: 'Grace Hopper' });
    expect(request.title).toBe('Roles for mail-01.acmecorp: mail-relay + redis');
    expect(request.proposed_yaml).toContain('mail-relay::relay_host: smtp.example.net');
    expect(request.proposed_yaml).toMatch(/mail-relay::relay_password: "\*{8} \([0-9a-f]{6}\)"/);
    expect(request.proposed_yaml).toContain('redis::maxmemory_mb: 512');
    expect(JSON.stringify(request)).not.toContain('hunter2');

    // Nothing changes until it is merged, and a plain user may not merge.
    const before = json<{ roles: string[] }>(
      await user.request('/api/customer/acmecorp/servers/mail-01.acmecorp'),
    );
    expect(before.roles).toEqual(['mail-relay']);
    expect((await user.request(`${BASE}/3/merge`, { method: 'POST' })).statusCode).toBe(403);

    const manager = await t.signedIn('manager@acme.example');
    const merged = await manager.request(`${BASE}/3/merge`, { method: 'POST' });
    expect(json(merged)).toMatchObject({ status: 'merged', resolved_by: 'Frank Miller' });
    const after = json<{
      roles: string[];
      configuration: { parameters: Record<string, Record<string, unknown>> };
    }>(await user.request('/api/customer/acmecorp/servers/mail-01.acmecorp'));
    expect(after.roles).toEqual(['mail-relay', 'redis']);
    expect(after.configuration.parameters['mail-relay']).toMatchObject({
      relay_host: 'smtp.example.net',
      relay_password: '********',
    });
    expect((await manager.request(`${BASE}/3/merge`, { method: 'POST' })).statusCode).toBe(409);
  });

  it('keeps a secret that is not sent again, and says when there is nothing to change', async () => {
    const user = await t.signedIn('user@acme.example');
    const nothing = await user.request(BASE, {
      method: 'POST',
      body: { target: { kind: 'server', certname: 'mail-01.acmecorp' }, roles: ['mail-relay', 'redis'] },
    });
    expect(nothing.statusCode).toBe(400);
    expect(json(nothing)).toMatchObject({ message: 'Nothing to change: this is the current configuration' });
  });

  it('proposes for a tag, and an older request turns outdated once another is merged', async () => {
    const manager = await t.signedIn('manager@acme.example');
    const propose = (maxconn: number) =>
      manager.request(BASE, {
        method: 'POST',
        body: {
          target: { kind: 'tag', tag: 'production' },
          roles: ['haproxy'],
          parameters: { haproxy: { maxconn } },
        },
      });
    const first = json<Request>(await propose(5000));
    const second = json<Request>(await propose(6000));
    expect(first.base_yaml).toBe('roles: []\n');
    expect((await manager.request(`${BASE}/${second.number}/merge`, { method: 'POST' })).statusCode).toBe(
      200,
    );
    expect(json(await manager.request(`${BASE}/${first.number}`))).toMatchObject({ outdated: true });
    const refused = await manager.request(`${BASE}/${first.number}/merge`, { method: 'POST' });
    expect(refused.statusCode).toBe(409);
    const closed = await manager.request(`${BASE}/${first.number}/close`, { method: 'POST' });
    expect(json(closed)).toMatchObject({ status: 'closed', resolved_by: 'Frank Miller', outdated: false });
    expect((await manager.request(`${BASE}/${first.number}/close`, { method: 'POST' })).statusCode).toBe(409);
  });

  it('applies the blending rules and the catalogue with field errors', async () => {
    const user = await t.signedIn('user@acme.example');
    const propose = (body: object) =>
      user.request(BASE, {
        method: 'POST',
        body: { target: { kind: 'server', certname: 'web-02.acmecorp' }, ...body },
      });
    expect(json(await propose({ roles: ['monitoring-server', 'nginx'] }))).toMatchObject({
      fieldErrors: {
        roles: [
          "Monitoring server is a monitoring role and runs alone: it can't be combined with another role",
        ],
      },
    });
    expect(json(await propose({ roles: ['docker-host', 'nginx'] }))).toMatchObject({
      fieldErrors: { roles: ["Docker host can't be combined with another role"] },
    });
    expect(json(await propose({ roles: ['nginx', 'redis', 'haproxy'] }))).toMatchObject({
      fieldErrors: { roles: ['Choose at most 2 roles'] },
    });
    expect(json(await propose({ roles: ['mongodb'] }))).toMatchObject({
      fieldErrors: { roles: ['Unknown role: mongodb'] },
    });
    expect(
      json(
        await propose({
          roles: ['nginx'],
          parameters: { nginx: { worker_processes: 0, colour: 'red' }, redis: {} },
        }),
      ),
    ).toMatchObject({
      fieldErrors: {
        'parameters.nginx.worker_processes': ['Enter at least 1'],
        'parameters.nginx.colour': ['Not a parameter of this role'],
        'parameters.redis': ['This role is not chosen'],
      },
    });
    expect(
      (await propose({ roles: ['nginx'], target: { kind: 'server', certname: 'gx-web-01.globexco' } }))
        .statusCode,
    ).toBe(400);
    expect(
      json(
        await user.request(BASE, {
          method: 'POST',
          body: { target: { kind: 'tag', tag: 'nope' }, roles: [] },
        }),
      ),
    ).toMatchObject({ fieldErrors: { 'target.tag': ['No tag named nope'] } });
  });

  it("names each field's refusal by its catalog message and values, so the reader's language can say it", async () => {
    const user = await t.signedIn('user@acme.example');
    const response = await user.request(BASE, {
      method: 'POST',
      body: {
        target: { kind: 'server', certname: 'web-02.acmecorp' },
        roles: ['nginx'],
        parameters: { nginx: { worker_processes: 0, colour: 'red' } },
      },
    });
    const body = json<ApiErrorBody>(response);
    expect(body.fieldMessages).toEqual({
      'parameters.nginx.worker_processes': [{ messageId: ROLE_REFUSALS.atLeast, values: { min: 1 } }],
      'parameters.nginx.colour': [{ messageId: ROLE_REFUSALS.notAParameter }],
    });
    // Each English field error is its catalog message filled with its values, for clients without the catalog.
    for (const [field, messages] of Object.entries(body.fieldMessages ?? {})) {
      expect(body.fieldErrors?.[field]).toEqual(
        messages.map(({ messageId, values }) => fillRefusal(messageId, values)),
      );
    }
    const roles = json<ApiErrorBody>(
      await user.request(BASE, {
        method: 'POST',
        body: { target: { kind: 'server', certname: 'web-02.acmecorp' }, roles: ['docker-host', 'nginx'] },
      }),
    );
    // A limit the contract's schema checks is named the same way, with the catalog's sentence.
    const tooLong = json<ApiErrorBody>(
      await user.request(BASE, {
        method: 'POST',
        body: {
          target: { kind: 'server', certname: 'web-02.acmecorp' },
          roles: ['nginx'],
          parameters: { nginx: { server_names: 'a'.repeat(2001) } },
        },
      }),
    );
    expect(tooLong).toMatchObject({
      fieldErrors: { 'parameters.nginx.server_names': ['Use at most 2000 characters'] },
      fieldMessages: {
        'parameters.nginx.server_names': [
          { messageId: 'Use at most {limit} characters', values: { limit: '2000' } },
        ],
      },
    });
    expect(roles).toMatchObject({
      message: "Docker host can't be combined with another role",
      messageId: ROLE_REFUSALS.notBlendable,
      values: { role: 'Docker host' },
      fieldMessages: { roles: [{ messageId: ROLE_REFUSALS.notBlendable, values: { role: 'Docker host' } }] },
    });
  });
});

describe('a change request opened while impersonating', () => {
  it('names the customer user as author and the staff member who opened it', async () => {
    const admin = await t.signedIn('admin@tidewatch.example');
    const [target] = await t.database.db.select().from(users).where(eq(users.email, 'user@acme.example'));
    await admin.request('/api/auth/impersonate', {
      method: 'POST',
      body: { 'user-id': target?.id, reason: 'Customer asked for a redis role' },
    });
    const opened = await admin.request(BASE, {
      method: 'POST',
      body: { target: { kind: 'server', certname: 'web-02.acmecorp' }, roles: ['redis'] },
    });
    expect(opened.statusCode).toBe(200);
    const { number } = json<Request>(opened);
    const user = await t.signedIn('user@acme.example');
    const expected = { number, author: 'Grace Hopper', opened_by_impersonator: 'Astrid Holm' };
    expect(json(await user.request(`${BASE}/${number}`))).toMatchObject(expected);
    expect(json<{ data: Request[] }>(await user.request(BASE)).data).toContainEqual(
      expect.objectContaining(expected),
    );
    expect(json(await user.request(`${BASE}/2`))).toMatchObject({ opened_by_impersonator: null });
  });
});
