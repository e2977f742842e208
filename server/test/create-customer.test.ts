import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { linkIn, startSmtpCapture } from '../../tests/support/smtp-capture';
import { customers, users } from '../src/db/schema';
import { json, type TestBrowser, useTestApp } from './helpers';

const smtp = await startSmtpCapture();
const t = useTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://portal.tidewatch.example' });
afterAll(() => smtp.close());

let counter = 0;
/** A valid form for a customer nobody has made yet. */
function newCustomer(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    company_name: `Fjord Analytics ${counter}`,
    plan: 'gold',
    country: 'DK',
    timezone: 'Europe/Copenhagen',
    alert_email: `alerts${counter}@fjord.example`,
    billing_address: 'Strandvejen 1\n2100 København Ø',
    billing_email: `invoices${counter}@fjord.example`,
    billing_language: 'da',
    vat_id: 'DK 12 34 56 78',
    invoice_day_of_month: 5,
    credit_days: 30,
    expense_ceiling_eur: 1500.5,
    user_name: 'Ida Fjord',
    user_email: `ida${counter}@fjord.example`,
    user_language: 'en',
    ...overrides,
  };
}

const create = (browser: TestBrowser, body: unknown) =>
  browser.request('/api/customers', { method: 'POST', body });

describe('POST /api/customers', () => {
  it('creates the customer record and its first user, and mails that user a set-password link that signs them in', async () => {
    const admin = await t.signedIn('admin@tidewatch.example');
    const form = newCustomer({ id: 'fjordan01' });
    const response = await create(admin, form);
    expect(response.statusCode).toBe(200);
    const record = json(response);
    expect(record).toMatchObject({
      id: 'fjordan01',
      company_name: form.company_name,
      plan: 'gold',
      billing_country: 'DK',
      vat_id: 'DK12345678',
      vat_rate: 25,
      invoice_day_of_month: 5,
      credit_days: 30,
      expense_ceiling_eur: 1500.5,
      att_name: 'Ida Fjord',
      att_email: form.user_email,
      billing_language: 'da',
      trial: null,
    });
    const [user] = await t.database.db.select().from(users).where(eq(users.email, form.user_email));
    expect(user).toMatchObject({ customerId: 'fjordan01', roles: ['customer_manager'], passwordHash: null });

    await t.app.mailer.drain();
    const mail = smtp.received.find((received) => received.to.includes(form.user_email));
    expect(mail?.subject).toBe(`Your Tidewatch account for ${form.company_name}`);
    if (!mail) throw new Error('no mail arrived');
    const token = linkIn(mail, '/set-password').searchParams.get('token');
    const password = 'fjords and firewalls';
    const set = await t.browser().request('/api/auth/password/reset', {
      method: 'POST',
      body: { token, password },
    });
    expect(set.statusCode).toBe(204);
    const firstUser = t.browser();
    expect((await firstUser.login(form.user_email, password)).statusCode).toBe(200);
    const details = json<{ data: { id: string }[] }>(await firstUser.request('/api/customer_details'));
    expect(details.data.map((customer) => customer.id)).toEqual(['fjordan01']);
  });

  it('makes an id from the company name when none is given, and mails a Danish user in Danish', async () => {
    const admin = await t.signedIn('approver@tidewatch.example');
    const form = newCustomer({ company_name: 'Nordlys Drift', user_language: 'da', id: '' });
    const response = await create(admin, form);
    expect(response.statusCode).toBe(200);
    expect(json(response).id).toMatch(/^nordlys\d{3}$/);
    await t.app.mailer.drain();
    const mail = smtp.received.find((received) => received.to.includes(form.user_email));
    expect(mail?.subject).toBe('Din Tidewatch-konto for Nordlys Drift');
    expect(mail?.text).toContain('/da/set-password?token=');
  });

  it.each([
    ['the id', { id: 'acmecorp' }, 'id'],
    ['the company name, in any case', { company_name: 'ACME CORP' }, 'company_name'],
    ["the first user's address", { user_email: 'USER@acme.example' }, 'user_email'],
  ])('answers 409 when %s is taken, and creates nothing', async (_what, overrides, field) => {
    const admin = await t.signedIn('admin@tidewatch.example');
    const before = await t.database.db.select({ id: customers.id }).from(customers);
    const response = await create(admin, newCustomer(overrides));
    expect(response.statusCode).toBe(409);
    expect(json<{ fieldErrors: Record<string, string[]> }>(response).fieldErrors[field]).toHaveLength(1);
    expect(await t.database.db.select({ id: customers.id }).from(customers)).toHaveLength(before.length);
  });

  it('answers 400 with field errors for what the form got wrong, and creates nothing', async () => {
    const admin = await t.signedIn('admin@tidewatch.example');
    const before = await t.database.db.select({ id: customers.id }).from(customers);
    const response = await create(
      admin,
      newCustomer({
        company_name: '',
        id: 'AB',
        invoice_day_of_month: 31,
        credit_days: -1,
        expense_ceiling_eur: 1e12,
        vat_id: 'DE123456789',
        user_email: 'not an address',
        timezone: 'Mars/Olympus',
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(Object.keys(json<{ fieldErrors: object }>(response).fieldErrors).sort()).toEqual([
      'company_name',
      'credit_days',
      'expense_ceiling_eur',
      'id',
      'invoice_day_of_month',
      'timezone',
      'user_email',
      'vat_id',
    ]);
    expect(await t.database.db.select({ id: customers.id }).from(customers)).toHaveLength(before.length);
  });

  it.each([
    'finance@tidewatch.example',
    'security@tidewatch.example',
    'manager@acme.example',
    'user@acme.example',
  ])('refuses %s (403): only admins create customers', async (email) => {
    const caller = await t.signedIn(email);
    expect((await create(caller, newCustomer())).statusCode).toBe(403);
  });

  it('refuses anyone signed out (401)', async () => {
    expect((await create(t.browser(), newCustomer())).statusCode).toBe(401);
  });

  it('refuses an admin acting as a customer user', async () => {
    const admin = await t.signedIn('admin@tidewatch.example');
    const [grace] = await t.database.db.select().from(users).where(eq(users.email, 'user@acme.example'));
    const started = await admin.request('/api/auth/impersonate', {
      method: 'POST',
      body: { 'user-id': grace?.id, reason: 'Checking what the customer sees' },
    });
    expect(started.statusCode).toBe(200);
    expect((await create(admin, newCustomer())).statusCode).toBe(403);
  });
});
