import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { linkIn, startSmtpCapture } from '../../tests/support/smtp-capture';
import { customers, users } from '../src/db/schema';
import { SIGN_UP } from '../src/modules/signup/routes';
import { json, useTestApp } from './helpers';

const smtp = await startSmtpCapture();
const t = useTestApp({ SMTP_URL: smtp.url });
afterAll(() => smtp.close());

const signUp = (overrides: Record<string, unknown> = {}) => ({
  name: 'Ada Lovelace',
  company_name: 'Analytical Engines GmbH',
  country: 'DE',
  timezone: 'Europe/Berlin',
  email: 'ada@engines.example',
  alert_email: 'alerts@engines.example',
  address: 'Unter den Linden 1',
  city: 'Berlin',
  zipcode: '10117',
  vat_id: 'DE123456789',
  billing_email: 'billing@engines.example',
  invoice_language: 'en',
  language: 'en',
  ...overrides,
});

const post = (body: unknown) => t.browser().request('/api/sign-up', { method: 'POST', body });
const mailsTo = (address: string) => smtp.received.filter((mail) => mail.to.includes(address));

describe('POST /api/sign-up', () => {
  it('creates the customer, its manager and a 30-day Basic trial, and mails a set-password link', async () => {
    const response = await post(signUp());
    expect(response.statusCode).toBe(204);
    const [user] = await t.database.db.select().from(users).where(eq(users.email, 'ada@engines.example'));
    expect(user).toMatchObject({ name: 'Ada Lovelace', roles: ['customer_manager'], passwordHash: null });
    const [customer] = await t.database.db
      .select()
      .from(customers)
      .where(eq(customers.id, user?.customerId ?? ''));
    expect(customer?.id).toMatch(/^[a-z0-9]{6,10}$/);
    expect(customer).toMatchObject({
      companyName: 'Analytical Engines GmbH',
      billingCountry: 'DE',
      timezone: 'Europe/Berlin',
      vatId: 'DE123456789',
      vatRate: 0,
      trialPlan: 'basic',
      billingAddress: 'Unter den Linden 1\n10117 Berlin',
    });
    expect(customer?.trialEndsAt?.getTime()).toBe(t.clock.now().getTime() + SIGN_UP.trialDays * 86_400_000);

    const [welcome] = mailsTo('ada@engines.example');
    expect(welcome?.subject).toBe('Welcome to Tidewatch: set your password');
    const token = welcome ? linkIn(welcome, '/set-password').searchParams.get('token') : null;
    const set = await t.browser().request('/api/auth/password/reset', {
      method: 'POST',
      body: { token, password: 'engines all the way down' },
    });
    expect(set.statusCode).toBe(204);
    const login = await t.browser().login('ada@engines.example', 'engines all the way down');
    expect(json(login)['customer/id']).toBe(customer?.id);
  });

  it('answers an address that has an account the same way, and tells its owner by mail', async () => {
    const response = await post(signUp({ email: 'manager@acme.example', company_name: 'Someone Else' }));
    expect(response.statusCode).toBe(204);
    expect(mailsTo('manager@acme.example').at(-1)?.subject).toBe('You already have a Tidewatch account');
    expect(
      await t.database.db.select().from(customers).where(eq(customers.companyName, 'Someone Else')),
    ).toEqual([]);
  });

  it('charges Danish VAT at home and none outside the EU', async () => {
    await post(
      signUp({
        email: 'dk@example.dk',
        company_name: 'Dansk Drift',
        country: 'DK',
        vat_id: 'DK13585628',
        timezone: 'Europe/Copenhagen',
      }),
    );
    await post(
      signUp({
        email: 'us@example.com',
        company_name: 'Yankee Ops',
        country: 'US',
        vat_id: '',
        timezone: 'America/New_York',
      }),
    );
    const rates = await t.database.db
      .select({ name: customers.companyName, rate: customers.vatRate })
      .from(customers);
    expect(rates).toEqual(
      expect.arrayContaining([
        { name: 'Dansk Drift', rate: 25 },
        { name: 'Yankee Ops', rate: 0 },
      ]),
    );
  });

  it('answers 400 with field errors for missing fields and a VAT number of another country', async () => {
    const response = await post({ ...signUp({ vat_id: 'DK13585628' }), name: '', city: '' });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(json<{ fieldErrors: object }>(response).fieldErrors).sort()).toEqual([
      'city',
      'name',
      'vat_id',
    ]);
  });

  it(`answers 429 after ${SIGN_UP.perAddress} sign-ups from one address in an hour`, async () => {
    for (let sent = 0; sent < SIGN_UP.perAddress; sent++)
      await post(signUp({ email: 'manager@acme.example' }));
    expect((await post(signUp({ email: 'manager@acme.example' }))).statusCode).toBe(429);
  });

  it('answers a filled-in honeypot as a success, and creates and sends nothing', async () => {
    const before = smtp.received.length;
    const response = await post(signUp({ email: 'bot@engines.example', website: 'https://spam.example' }));
    expect(response.statusCode).toBe(204);
    expect(await t.database.db.select().from(users).where(eq(users.email, 'bot@engines.example'))).toEqual(
      [],
    );
    expect(smtp.received.length).toBe(before);
  });

  // Last: it stops this file's mail server.
  it('keeps the new account and answers as usual when the mail server is down', async () => {
    await smtp.close();
    const response = await post(signUp({ email: 'offline@engines.example', company_name: 'Offline Ops' }));
    expect(response.statusCode).toBe(204);
    const [user] = await t.database.db.select().from(users).where(eq(users.email, 'offline@engines.example'));
    expect(user?.roles).toEqual(['customer_manager']);
  });
});
