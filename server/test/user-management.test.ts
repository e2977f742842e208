import { FIELD_REFUSALS } from '@tidewatch/contract';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { linkIn, startSmtpCapture } from '../../tests/support/smtp-capture';
import { customers, users } from '../src/db/schema';
import { RECIPIENT_CAP } from '../src/modules/mail/mailer';
import { INVITATIONS_PER_HOUR } from '../src/modules/users/routes';
import { json, type TestBrowser, useTestApp } from './helpers';

const smtp = await startSmtpCapture();
const t = useTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://portal.tidewatch.example' });
afterAll(() => smtp.close());

interface Listed {
  'user/id': string;
  'user/email': string;
  'user/roles': string[];
  status: string;
  last_seen: string | null;
  invitation_expires: string | null;
}
interface Page {
  data: Listed[];
  next_cursor: string | null;
  total: number | null;
}

const idOf = async (email: string) => {
  const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
};

let counter = 0;
const invitee = (overrides: Record<string, unknown> = {}) => {
  counter += 1;
  return {
    name: `Ingrid Invited ${counter}`,
    email: `ingrid${counter}@acme.example`,
    language: 'en',
    roles: [],
    ...overrides,
  };
};

const invite = (browser: TestBrowser, body: unknown, customerId?: string) =>
  browser.request(`/api/users${customerId ? `?customer_id=${customerId}` : ''}`, { method: 'POST', body });

async function mailTo(address: string) {
  await t.app.mailer.drain();
  const mail = smtp.received.findLast((received) => received.to.includes(address));
  if (!mail) throw new Error(`no mail to ${address}`);
  return mail;
}

/** Sets the restored state back: tests below change demo users. */
async function restore(email: string, values: Partial<typeof users.$inferInsert>) {
  await t.database.db.update(users).set(values).where(eq(users.email, email));
}

describe('GET /api/users', () => {
  it("lists the caller's customer's users with status and last seen, searched and paged", async () => {
    const manager = await t.signedIn('manager@acme.example');
    const page = json<Page>(await manager.request('/api/users'));
    expect(page.data.map((user) => user['user/email'])).toEqual(
      expect.arrayContaining(['manager@acme.example', 'user@acme.example']),
    );
    expect(page.data.every((user) => !user['user/email'].endsWith('globex.example'))).toBe(true);
    expect(page.total).toBe(page.data.length);
    expect(page.data.find((user) => user['user/email'] === 'manager@acme.example')?.last_seen).not.toBeNull();

    const searched = json<Page>(await manager.request('/api/users?q=GRACE'));
    expect(searched.data.map((user) => user['user/email'])).toEqual(['user@acme.example']);

    const first = json<Page>(await manager.request('/api/users?limit=1'));
    expect(first.data).toHaveLength(1);
    expect(first.next_cursor).not.toBeNull();
    const second = json<Page>(
      await manager.request(`/api/users?limit=1&cursor=${encodeURIComponent(first.next_cursor ?? '')}`),
    );
    expect(second.data[0]?.['user/id']).not.toBe(first.data[0]?.['user/id']);
    expect(second.total).toBeNull();
  });

  it('filters by status', async () => {
    const manager = await t.signedIn('manager@acme.example');
    const deactivated = json<Page>(await manager.request('/api/users?status=deactivated'));
    expect(deactivated.data.every((user) => user.status === 'deactivated')).toBe(true);
    const invited = json<Page>(await manager.request('/api/users?status=invited'));
    expect(invited.data.every((user) => user.status === 'invited' && user.invitation_expires)).toBe(true);
  });

  it("refuses another customer's users to a manager, plain users and finance, and shows them to staff", async () => {
    const manager = await t.signedIn('manager@acme.example');
    expect((await manager.request('/api/users?customer_id=globexco')).statusCode).toBe(404);
    expect((await (await t.signedIn('user@acme.example')).request('/api/users')).statusCode).toBe(403);
    expect((await (await t.signedIn('finance@tidewatch.example')).request('/api/users')).statusCode).toBe(
      403,
    );
    const admin = await t.signedIn('admin@tidewatch.example');
    const globex = json<Page>(await admin.request('/api/users?customer_id=globexco'));
    expect(globex.data.map((user) => user['user/email'])).toContain('manager@globex.example');
  });
});

describe('POST /api/users (invite)', () => {
  it('mails a set-password link in the invitee’s language that lets them sign in, once', async () => {
    const manager = await t.signedIn('manager@acme.example');
    const form = invitee({ language: 'da', roles: ['customer_manager'] });
    const response = await invite(manager, form);
    expect(response.statusCode).toBe(200);
    expect(json(response)).toMatchObject({
      'user/email': form.email,
      'user/roles': ['customer_manager'],
      'customer/id': 'acmecorp',
      status: 'invited',
    });

    const mail = await mailTo(form.email);
    expect(mail.subject).toBe('Frank Miller har inviteret dig til Acme Corp på Tidewatch');
    const link = linkIn(mail, '/da/set-password');
    const token = link.searchParams.get('token');
    const password = 'harbour lights at dusk';
    const set = await t
      .browser()
      .request('/api/auth/password/reset', { method: 'POST', body: { token, password } });
    expect(set.statusCode).toBe(204);
    const again = await t
      .browser()
      .request('/api/auth/password/reset', { method: 'POST', body: { token, password } });
    expect(again.statusCode).toBe(400);
    expect((await t.browser().login(form.email, password)).statusCode).toBe(200);
    const listed = json<Page>(await manager.request(`/api/users?q=${encodeURIComponent(form.email)}`));
    expect(listed.data[0]?.status).toBe('active');
  });

  it('expires the link after seven days with the link message', async () => {
    const manager = await t.signedIn('manager@acme.example');
    const form = invitee();
    await invite(manager, form);
    const token = linkIn(await mailTo(form.email), '/set-password').searchParams.get('token');
    t.clock.advance(7 * 24 * 60 * 60_000 + 60_000);
    const late = await t.browser().request('/api/auth/password/reset', {
      method: 'POST',
      body: { token, password: 'too late for this one' },
    });
    expect(late.statusCode).toBe(400);
    expect(json(late).message).toBe('This link has expired or was used already. Ask for a new one.');
  });

  it('resends a new link and the old one stops working', async () => {
    const manager = await t.signedIn('manager@acme.example');
    const form = invitee();
    const created = json<Listed>(await invite(manager, form));
    const oldToken = linkIn(await mailTo(form.email), '/set-password').searchParams.get('token');
    const resent = await manager.request(`/api/users/${created['user/id']}/invitation`, { method: 'POST' });
    expect(resent.statusCode).toBe(200);
    const newToken = linkIn(await mailTo(form.email), '/set-password').searchParams.get('token');
    expect(newToken).not.toBe(oldToken);
    const password = 'a new link for a new day';
    const old = await t
      .browser()
      .request('/api/auth/password/reset', { method: 'POST', body: { token: oldToken, password } });
    expect(old.statusCode).toBe(400);
    const fresh = await t
      .browser()
      .request('/api/auth/password/reset', { method: 'POST', body: { token: newToken, password } });
    expect(fresh.statusCode).toBe(204);
    const afterwards = await manager.request(`/api/users/${created['user/id']}/invitation`, {
      method: 'POST',
    });
    expect(afterwards.statusCode).toBe(409);
  });

  it('mails one address at most three times an hour, then refuses with 429 in words the portal translates', async () => {
    const manager = await t.signedIn('manager@acme.example');
    const form = invitee();
    const created = json<Listed>(await invite(manager, form));
    const resend = (browser = manager) =>
      browser.request(`/api/users/${created['user/id']}/invitation`, { method: 'POST' });
    expect((await resend()).statusCode).toBe(200);
    expect((await resend()).statusCode).toBe(200);
    const refused = await resend();
    expect(refused.statusCode).toBe(429);
    expect(json(refused).message).toBe(FIELD_REFUSALS.recipientMailCap);
    await t.app.mailer.drain();
    expect(smtp.received.filter((mail) => mail.to.includes(form.email))).toHaveLength(RECIPIENT_CAP.perHour);
    t.clock.advance(RECIPIENT_CAP.windowMs);
    // The session has lapsed in the meantime.
    expect((await resend(await t.signedIn('manager@acme.example'))).statusCode).toBe(200);
  });

  it(`lets one person send at most ${INVITATIONS_PER_HOUR} invitations an hour`, async () => {
    const manager = await t.signedIn('manager@acme.example');
    for (let n = 0; n < INVITATIONS_PER_HOUR; n++)
      expect((await invite(manager, invitee())).statusCode).toBe(200);
    const form = invitee();
    const refused = await invite(manager, form);
    expect(refused.statusCode).toBe(429);
    expect(json(refused).message).toBe(FIELD_REFUSALS.invitationsPerHour);
    expect(await t.database.db.select().from(users).where(eq(users.email, form.email))).toHaveLength(0);
    // Another manager of the customer is not held back.
    const admin = await t.signedIn('admin@tidewatch.example');
    expect((await invite(admin, invitee(), 'acmecorp')).statusCode).toBe(200);
  });

  it("takes the invitee's name as one line and mails it as plain text", async () => {
    const manager = await t.signedIn('manager@acme.example');
    const multiline = await invite(
      manager,
      invitee({ name: 'Ingrid\n\nYour account is locked: https://evil.example' }),
    );
    expect(multiline.statusCode).toBe(400);
    const form = invitee({ name: '<a href="https://evil.example">Ingrid</a>' });
    expect((await invite(manager, form)).statusCode).toBe(200);
    const mail = await mailTo(form.email);
    expect(mail.html).toContain('Hello &lt;a href=&quot;https://evil.example&quot;&gt;Ingrid&lt;/a&gt;,');
    expect(mail.html).not.toContain('<a href="https://evil.example"');
  });

  it('refuses an address in use, staff roles for a customer, and other customers', async () => {
    const manager = await t.signedIn('manager@acme.example');
    const taken = await invite(manager, invitee({ email: 'USER@acme.example' }));
    expect(taken.statusCode).toBe(409);
    expect(json(taken).fieldErrors).toHaveProperty('email');
    const staffRole = await invite(manager, invitee({ roles: ['admin'] }));
    expect(staffRole.statusCode).toBe(400);
    expect(json(staffRole).fieldErrors).toHaveProperty('roles');
    expect((await invite(manager, invitee(), 'globexco')).statusCode).toBe(404);
    expect((await invite(manager, invitee(), 'tidewatchmon')).statusCode).toBe(404);
    const plain = await t.signedIn('user@acme.example');
    expect((await invite(plain, invitee())).statusCode).toBe(403);

    const admin = await t.signedIn('admin@tidewatch.example');
    expect((await invite(admin, invitee({ roles: ['admin'] }), 'globexco')).statusCode).toBe(400);
    expect((await invite(admin, invitee({ roles: ['customer_manager'] }), 'globexco')).statusCode).toBe(200);
    // Staff are managed by the master only.
    expect(
      (await invite(admin, invitee({ email: 'new-staff@tidewatch.example' }), 'tidewatchmon')).statusCode,
    ).toBe(403);
  });

  it('lets the master invite staff with staff roles, never customer roles', async () => {
    await restore('tam@tidewatch.example', { roles: ['admin', 'tam', 'master'] });
    try {
      const master = await t.signedIn('tam@tidewatch.example');
      const staff = invitee({ email: `staff${counter}@tidewatch.example`, roles: ['approver'] });
      expect((await invite(master, staff, 'tidewatchmon')).statusCode).toBe(200);
      const customerRole = invitee({
        email: `staff${counter}@tidewatch.example`,
        roles: ['customer_manager'],
      });
      expect((await invite(master, customerRole, 'tidewatchmon')).statusCode).toBe(400);
    } finally {
      await restore('tam@tidewatch.example', { roles: ['admin', 'tam'] });
    }
  });
});

describe('roles and deactivation', () => {
  it("changes a user's roles within the customer, and not another customer's", async () => {
    const grace = await idOf('user@acme.example');
    const hank = await idOf('manager@globex.example');
    const manager = await t.signedIn('manager@acme.example');
    try {
      const promoted = await manager.request(`/api/users/${grace}/roles`, {
        method: 'PUT',
        body: { roles: ['customer_manager'] },
      });
      expect(promoted.statusCode).toBe(200);
      expect(json(promoted)['user/roles']).toEqual(['customer_manager']);
      const activity = json<{ data: { action: string; target: string; to: string }[] }>(
        await manager.request('/api/customer/acmecorp/activity?kind=users'),
      );
      expect(activity.data[0]).toMatchObject({
        action: 'user.change',
        target: 'user@acme.example',
        to: 'customer_manager',
      });

      expect(
        (await manager.request(`/api/users/${hank}/roles`, { method: 'PUT', body: { roles: [] } }))
          .statusCode,
      ).toBe(404);
      expect((await manager.request(`/api/users/${hank}/deactivate`, { method: 'POST' })).statusCode).toBe(
        404,
      );
      expect(
        (await manager.request(`/api/users/${grace}/roles`, { method: 'PUT', body: { roles: ['master'] } }))
          .statusCode,
      ).toBe(400);
      const plain = await t.signedIn('manager@globex.example');
      expect(
        (await plain.request(`/api/users/${grace}/roles`, { method: 'PUT', body: { roles: [] } })).statusCode,
      ).toBe(404);
    } finally {
      await restore('user@acme.example', { roles: [] });
    }
  });

  it('keeps the last manager: no demoting or deactivating them, by themselves or by staff', async () => {
    const hank = await idOf('manager@globex.example');
    const manager = await t.signedIn('manager@globex.example');
    try {
      const demote = await manager.request(`/api/users/${hank}/roles`, {
        method: 'PUT',
        body: { roles: [] },
      });
      expect(demote.statusCode).toBe(409);
      expect(json(demote).message).toMatch(/at least one active user manager/);
      expect((await manager.request(`/api/users/${hank}/deactivate`, { method: 'POST' })).statusCode).toBe(
        409,
      );
      const admin = await t.signedIn('admin@tidewatch.example');
      expect((await admin.request(`/api/users/${hank}/deactivate`, { method: 'POST' })).statusCode).toBe(409);
      const [row] = await t.database.db.select().from(users).where(eq(users.id, hank));
      expect(row).toMatchObject({ roles: ['customer_manager'], active: true });
    } finally {
      await restore('manager@globex.example', { roles: ['customer_manager'], active: true });
    }
  });

  it('deactivation ends the user’s session at once and stops sign-in, until reactivated', async () => {
    const grace = await idOf('user@acme.example');
    const session = await t.signedIn('user@acme.example');
    expect((await session.request('/api/auth')).statusCode).toBe(200);
    const plainTry = await session.request(`/api/users/${grace}/deactivate`, { method: 'POST' });
    expect(plainTry.statusCode).toBe(403);
    const manager = await t.signedIn('manager@acme.example');
    try {
      const response = await manager.request(`/api/users/${grace}/deactivate`, { method: 'POST' });
      expect(response.statusCode).toBe(200);
      expect(json(response).status).toBe('deactivated');
      expect((await session.request('/api/customer_details')).statusCode).toBe(401);
      expect((await t.browser().login('user@acme.example')).statusCode).not.toBe(200);
      const back = await manager.request(`/api/users/${grace}/reactivate`, { method: 'POST' });
      expect(json(back).status).toBe('active');
      expect((await t.browser().login('user@acme.example')).statusCode).toBe(200);
    } finally {
      await restore('user@acme.example', { active: true });
    }
  });

  it("lets staff admins change any customer's users but not staff, which the master manages", async () => {
    const hank = await idOf('manager@globex.example');
    const finance = await idOf('finance@tidewatch.example');
    const admin = await t.signedIn('admin@tidewatch.example');
    expect(
      (
        await admin.request(`/api/users/${hank}/roles`, {
          method: 'PUT',
          body: { roles: ['customer_manager'] },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await admin.request(`/api/users/${finance}/roles`, { method: 'PUT', body: { roles: ['admin'] } }))
        .statusCode,
    ).toBe(403);
    expect((await admin.request(`/api/users/${finance}/deactivate`, { method: 'POST' })).statusCode).toBe(
      403,
    );
  });
});

describe('PUT /api/customer/{id}/billing-contacts', () => {
  it('saves who invoices are addressed and copied to, for managers of the customer only', async () => {
    const manager = await t.signedIn('manager@acme.example');
    const body = { att_name: 'Karen Accounts', att_email: 'Karen@Acme.example', billing_email_cc: '' };
    const saved = await manager.request('/api/customer/acmecorp/billing-contacts', { method: 'PUT', body });
    expect(saved.statusCode).toBe(200);
    expect(json(saved)).toEqual({
      att_name: 'Karen Accounts',
      att_email: 'karen@acme.example',
      billing_email_cc: null,
    });
    const [row] = await t.database.db.select().from(customers).where(eq(customers.id, 'acmecorp'));
    expect(row).toMatchObject({
      attName: 'Karen Accounts',
      attEmail: 'karen@acme.example',
      billingEmailCc: null,
    });

    expect(
      (await manager.request('/api/customer/globexco/billing-contacts', { method: 'PUT', body })).statusCode,
    ).toBe(404);
    const plain = await t.signedIn('user@acme.example');
    expect(
      (await plain.request('/api/customer/acmecorp/billing-contacts', { method: 'PUT', body })).statusCode,
    ).toBe(403);
    const bad = await manager.request('/api/customer/acmecorp/billing-contacts', {
      method: 'PUT',
      body: { ...body, att_email: 'not an address', att_name: 'x\u0000' },
    });
    expect(bad.statusCode).toBe(400);
  });
});
