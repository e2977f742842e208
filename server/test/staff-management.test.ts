import { FIELD_REFUSALS } from '@tidewatch/contract';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { linkIn, startSmtpCapture } from '../../tests/support/smtp-capture';
import { users } from '../src/db/schema';
import { json, useTestApp } from './helpers';

const smtp = await startSmtpCapture();
const t = useTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://portal.tidewatch.example' });
afterAll(() => smtp.close());

interface Listed {
  'user/id': string;
  'user/email': string;
  'user/roles': string[];
  status: string;
}

const idOf = async (email: string) => {
  const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
};

const restore = (email: string, values: Partial<typeof users.$inferInsert>) =>
  t.database.db.update(users).set(values).where(eq(users.email, email));

const colleague = (email: string, roles: string[] = ['admin', 'time_reg_reader']) => ({
  name: 'Lene Colleague',
  email,
  language: 'en',
  roles,
});

describe('/api/staff', () => {
  it('refuses every staff role but master, and customer users, with 403', async () => {
    const finance = await idOf('finance@tidewatch.example');
    for (const email of [
      'admin@tidewatch.example',
      'approver@tidewatch.example',
      'tam@tidewatch.example',
      'finance@tidewatch.example',
      'security@tidewatch.example',
      'reader@tidewatch.example',
      'manager@acme.example',
      'user@acme.example',
    ]) {
      const caller = await t.signedIn(email);
      expect((await caller.request('/api/staff')).statusCode, email).toBe(403);
      const invite = await caller.request('/api/staff', {
        method: 'POST',
        body: colleague('never@tidewatch.example'),
      });
      expect(invite.statusCode, email).toBe(403);
      const roles = await caller.request(`/api/staff/${finance}/roles`, {
        method: 'PUT',
        body: { roles: [] },
      });
      expect(roles.statusCode, email).toBe(403);
      expect((await caller.request(`/api/staff/${finance}/deactivate`, { method: 'POST' })).statusCode).toBe(
        403,
      );
    }
    expect(
      await t.database.db.select().from(users).where(eq(users.email, 'never@tidewatch.example')),
    ).toEqual([]);
  });

  it('lists staff only, searched and paged, to the master', async () => {
    const master = await t.signedIn('master@tidewatch.example');
    const page = json<{ data: Listed[]; next_cursor: string | null }>(await master.request('/api/staff'));
    const emails = page.data.map((user) => user['user/email']);
    expect(emails).toEqual(expect.arrayContaining(['master@tidewatch.example', 'reader@tidewatch.example']));
    expect(emails.every((email) => email.endsWith('@tidewatch.example'))).toBe(true);
    const searched = json<{ data: Listed[] }>(await master.request('/api/staff?q=juhl'));
    expect(searched.data.map((user) => user['user/email'])).toEqual(['reader@tidewatch.example']);
    const first = json<{ data: Listed[]; next_cursor: string | null }>(
      await master.request('/api/staff?limit=2'),
    );
    expect(first.data).toHaveLength(2);
    expect(first.next_cursor).not.toBeNull();
  });

  it('invites a colleague with staff roles by mail; the link lets them sign in', async () => {
    const master = await t.signedIn('master@tidewatch.example');
    const form = colleague('lene@tidewatch.example');
    const response = await master.request('/api/staff', { method: 'POST', body: form });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toMatchObject({
      'user/roles': ['admin', 'time_reg_reader'],
      'customer/id': 'tidewatchmon',
      status: 'invited',
    });
    await t.app.mailer.drain();
    const mail = smtp.received.findLast((received) => received.to.includes(form.email));
    if (!mail) throw new Error('no invitation mail');
    expect(mail.subject).toContain('Jonas Friis');
    const token = linkIn(mail, '/set-password').searchParams.get('token');
    const set = await t.browser().request('/api/auth/password/reset', {
      method: 'POST',
      body: { token, password: 'a-long-new-password' },
    });
    expect(set.statusCode).toBe(204);
    expect((await t.browser().login(form.email, 'a-long-new-password')).statusCode).toBe(200);

    const activity = json<{ data: { action: string; target: string; to: string }[] }>(
      await master.request('/api/customer/tidewatchmon/activity?kind=users'),
    );
    expect(activity.data[0]).toMatchObject({ action: 'user.change', target: form.email });

    const again = await master.request('/api/staff', { method: 'POST', body: form });
    expect(again.statusCode).toBe(409);
    expect(json(again).fieldErrors).toEqual({ email: [FIELD_REFUSALS.userAddressTaken] });
  });

  it('answers 400 with field errors, and refuses customer roles', async () => {
    const master = await t.signedIn('master@tidewatch.example');
    const bad = await master.request('/api/staff', {
      method: 'POST',
      body: { name: '', email: 'not-an-address', language: 'en', roles: ['nobody'] },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(json<{ fieldErrors: object }>(bad).fieldErrors)).toEqual(
      expect.arrayContaining(['name', 'email']),
    );
    const customerRole = await master.request('/api/staff', {
      method: 'POST',
      body: colleague('cm@tidewatch.example', ['customer_manager']),
    });
    expect(customerRole.statusCode).toBe(400);
  });

  it("changes a colleague's roles and deactivates them, which ends their session until reactivated", async () => {
    const reader = await idOf('reader@tidewatch.example');
    const session = await t.signedIn('reader@tidewatch.example');
    const master = await t.signedIn('master@tidewatch.example');
    try {
      const changed = await master.request(`/api/staff/${reader}/roles`, {
        method: 'PUT',
        body: { roles: ['admin', 'tam'] },
      });
      expect(changed.statusCode).toBe(200);
      expect(json(changed)['user/roles']).toEqual(['admin', 'tam']);
      const off = await master.request(`/api/staff/${reader}/deactivate`, { method: 'POST' });
      expect(json(off).status).toBe('deactivated');
      expect((await session.request('/api/customer_details')).statusCode).toBe(401);
      expect((await t.browser().login('reader@tidewatch.example')).statusCode).not.toBe(200);
      expect((await master.request(`/api/staff/${reader}/reactivate`, { method: 'POST' })).statusCode).toBe(
        200,
      );
      expect((await t.browser().login('reader@tidewatch.example')).statusCode).toBe(200);
    } finally {
      await restore('reader@tidewatch.example', { roles: ['admin', 'time_reg_reader'], active: true });
    }
  });

  it('names staff only: a customer user is a 404', async () => {
    const grace = await idOf('user@acme.example');
    const master = await t.signedIn('master@tidewatch.example');
    expect((await master.request(`/api/staff/${grace}/deactivate`, { method: 'POST' })).statusCode).toBe(404);
  });

  it('keeps a master from removing their own master role or deactivating themselves, and keeps one master', async () => {
    const jonas = await idOf('master@tidewatch.example');
    const master = await t.signedIn('master@tidewatch.example');
    const demote = await master.request(`/api/staff/${jonas}/roles`, {
      method: 'PUT',
      body: { roles: ['admin'] },
    });
    expect(demote.statusCode).toBe(409);
    expect(json(demote).message).toBe(FIELD_REFUSALS.ownMasterRole);
    const off = await master.request(`/api/staff/${jonas}/deactivate`, { method: 'POST' });
    expect(off.statusCode).toBe(409);
    expect(json(off).message).toBe(FIELD_REFUSALS.deactivateSelf);

    // Two masters demoting each other at once: the staff keep one.
    const tam = await idOf('tam@tidewatch.example');
    await restore('tam@tidewatch.example', { roles: ['admin', 'tam', 'master'] });
    try {
      const other = await t.signedIn('tam@tidewatch.example');
      const answers = await Promise.all([
        master.request(`/api/staff/${tam}/roles`, { method: 'PUT', body: { roles: ['admin', 'tam'] } }),
        other.request(`/api/staff/${jonas}/roles`, { method: 'PUT', body: { roles: ['admin'] } }),
      ]);
      const masters = await t.database.db.select().from(users).where(eq(users.customerId, 'tidewatchmon'));
      expect(masters.filter((user) => user.active && user.roles.includes('master')).length).toBeGreaterThan(
        0,
      );
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual(expect.arrayContaining([200]));
    } finally {
      await restore('tam@tidewatch.example', { roles: ['admin', 'tam'] });
      await restore('master@tidewatch.example', { roles: ['admin', 'master'] });
    }
  });
});
