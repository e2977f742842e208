import { TERMS_VERSION } from '@tidewatch/content';
import { FIELD_REFUSALS } from '@tidewatch/contract';
import { TERMS_NOT_ACCEPTED } from '@tidewatch/contract/site-forms';
import { count, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { linkIn, startSmtpCapture } from '../../tests/support/smtp-capture';
import { customers, outbox, pendingSignUps, users } from '../src/db/schema';
import { RECIPIENT_CAP } from '../src/modules/mail/mailer';
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
  terms_accepted: true,
  ...overrides,
});

const post = (body: unknown) => t.browser().request('/api/sign-up', { method: 'POST', body });
const mailsTo = (address: string) => smtp.received.filter((mail) => mail.to.includes(address));
const confirm = (token: string | null, password = 'engines all the way down') =>
  t.browser().request('/api/sign-up/confirm', { method: 'POST', body: { token, password } });

/** The token of the last confirmation link mailed to `address`, once the outbox is delivered. */
async function confirmationToken(address: string) {
  await t.app.mailer.drain();
  const mail = mailsTo(address).at(-1);
  if (!mail) throw new Error(`no mail to ${address}`);
  return linkIn(mail, '/confirm-sign-up').searchParams.get('token');
}

async function signUpAndConfirm(overrides: Record<string, unknown>) {
  const body = signUp(overrides);
  expect((await post(body)).statusCode).toBe(204);
  expect((await confirm(await confirmationToken(body.email as string))).statusCode).toBe(204);
}

const countRows = async (table: typeof pendingSignUps | typeof outbox) =>
  (await t.database.db.select({ rows: count() }).from(table))[0]?.rows ?? 0;

describe('POST /api/sign-up', () => {
  it('creates nothing yet and mails a confirmation link that repeats nothing the visitor typed', async () => {
    const response = await post(signUp({ name: 'Ada Lovelace', company_name: 'Click http://phish.example' }));
    expect(response.statusCode).toBe(204);
    expect(await t.database.db.select().from(users).where(eq(users.email, 'ada@engines.example'))).toEqual(
      [],
    );
    expect(
      await t.database.db
        .select()
        .from(customers)
        .where(eq(customers.companyName, 'Click http://phish.example')),
    ).toEqual([]);

    await t.app.mailer.drain();
    const [mail] = mailsTo('ada@engines.example');
    expect(mail?.subject).toBe('Confirm your Tidewatch sign-up');
    for (const typed of ['phish', 'Ada', 'Lovelace']) {
      expect(mail?.text).not.toContain(typed);
      expect(mail?.html).not.toContain(typed);
    }
  });

  it('creates the customer, its manager with the chosen password and a 30-day Basic trial once the link is followed', async () => {
    await post(signUp({ email: 'grace@engines.example' }));
    const token = await confirmationToken('grace@engines.example');
    expect((await confirm(token)).statusCode).toBe(204);

    const [user] = await t.database.db.select().from(users).where(eq(users.email, 'grace@engines.example'));
    expect(user).toMatchObject({ name: 'Ada Lovelace', roles: ['customer_manager'] });
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
    const login = await t.browser().login('grace@engines.example', 'engines all the way down');
    expect(json(login)['customer/id']).toBe(customer?.id);
  });

  it('refuses a sign-up without the terms accepted, and records the version accepted and when with the customer', async () => {
    const pendingBefore = await countRows(pendingSignUps);
    for (const terms_accepted of [undefined, false, 'on']) {
      const refused = await post(signUp({ email: 'nyx@engines.example', terms_accepted }));
      expect(refused.statusCode).toBe(400);
      expect(json(refused).fieldErrors).toEqual({ terms_accepted: [TERMS_NOT_ACCEPTED] });
    }
    expect(await countRows(pendingSignUps)).toBe(pendingBefore);

    const acceptedAt = t.clock.now();
    await post(signUp({ email: 'terms@engines.example', company_name: 'Terms Ops' }));
    t.clock.advance(60 * 60_000);
    expect((await confirm(await confirmationToken('terms@engines.example'))).statusCode).toBe(204);
    const [customer] = await t.database.db
      .select({ version: customers.termsVersion, at: customers.termsAcceptedAt })
      .from(customers)
      .where(eq(customers.companyName, 'Terms Ops'));
    expect(customer).toEqual({ version: TERMS_VERSION, at: acceptedAt });
  });

  it('records the plan chosen on the pricing page as the one the trial converts to, and refuses an unknown one', async () => {
    await signUpAndConfirm({ email: 'gold@engines.example', company_name: 'Gold Ops', plan: 'gold' });
    await signUpAndConfirm({ email: 'later@engines.example', company_name: 'Later Ops' });
    const convertsTo = async (email: string) => {
      const [row] = await t.database.db
        .select({ plan: customers.convertsToPlan, trial: customers.trialPlan })
        .from(customers)
        .innerJoin(users, eq(users.customerId, customers.id))
        .where(eq(users.email, email));
      return row;
    };
    expect(await convertsTo('gold@engines.example')).toEqual({ plan: 'gold', trial: 'basic' });
    expect(await convertsTo('later@engines.example')).toEqual({ plan: null, trial: 'basic' });

    const unknown = await post(signUp({ email: 'tin@engines.example', plan: 'tin' }));
    expect(unknown.statusCode).toBe(400);
    expect(Object.keys(json(unknown).fieldErrors ?? {})).toEqual(['plan']);
  });

  it('refuses a used link, and one older than a day, saying so', async () => {
    await post(signUp({ email: 'once@engines.example', company_name: 'Once Ops' }));
    const token = await confirmationToken('once@engines.example');
    expect((await confirm(token)).statusCode).toBe(204);
    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(json(again).fieldErrors).toEqual({ token: [FIELD_REFUSALS.linkUsed] });

    await post(signUp({ email: 'late@engines.example', company_name: 'Late Ops' }));
    const late = await confirmationToken('late@engines.example');
    t.clock.advance(SIGN_UP.linkValidMinutes * 60_000 + 1);
    expect(json(await confirm(late)).fieldErrors).toEqual({ token: [FIELD_REFUSALS.linkUsed] });
    expect(await t.database.db.select().from(users).where(eq(users.email, 'late@engines.example'))).toEqual(
      [],
    );
  });

  it('answers a link whose address got an account meanwhile with 409, and keeps the link', async () => {
    await post(signUp({ email: 'twice@engines.example', company_name: 'First Ops' }));
    const first = await confirmationToken('twice@engines.example');
    await post(signUp({ email: 'twice@engines.example', company_name: 'Second Ops' }));
    const second = await confirmationToken('twice@engines.example');
    expect((await confirm(second)).statusCode).toBe(204);
    const taken = await confirm(first);
    expect(taken.statusCode).toBe(409);
    expect(json(taken).message).toBe(FIELD_REFUSALS.signUpAddressTaken);
  });

  it('answers an address that has an account the same way, and tells its owner by mail', async () => {
    const response = await post(signUp({ email: 'manager@acme.example', company_name: 'Someone Else' }));
    expect(response.statusCode).toBe(204);
    await t.app.mailer.drain();
    const told = mailsTo('manager@acme.example').at(-1);
    expect(told?.subject).toBe('You already have a Tidewatch account');
    expect(told?.text).not.toContain('Someone Else');
  });

  it('does the same work for a known and an unknown address: one pending sign-up, one mail queued', async () => {
    const written = async (email: string) => {
      const before = [await countRows(pendingSignUps), await countRows(outbox)];
      const response = await post(signUp({ email }));
      return {
        status: response.statusCode,
        body: response.body,
        pending: (await countRows(pendingSignUps)) - (before[0] ?? 0),
        mails: (await countRows(outbox)) - (before[1] ?? 0),
      };
    };
    const known = await written('user@acme.example');
    const unknown = await written('new-user@acme.example');
    expect(known).toEqual({ status: 204, body: '', pending: 1, mails: 1 });
    expect(unknown).toEqual(known);
  });

  it(`mails one address at most ${RECIPIENT_CAP.perHour} times an hour, and answers as usual past that`, async () => {
    for (let sent = 0; sent <= RECIPIENT_CAP.perHour; sent++) {
      expect((await post(signUp({ email: 'capped@engines.example' }))).statusCode).toBe(204);
    }
    await t.app.mailer.drain();
    expect(mailsTo('capped@engines.example')).toHaveLength(RECIPIENT_CAP.perHour);
    t.clock.advance(RECIPIENT_CAP.windowMs);
    await post(signUp({ email: 'capped@engines.example' }));
    await t.app.mailer.drain();
    expect(mailsTo('capped@engines.example')).toHaveLength(RECIPIENT_CAP.perHour + 1);
  });

  it('charges Danish VAT at home and none outside the EU', async () => {
    await signUpAndConfirm({
      email: 'dk@example.dk',
      company_name: 'Dansk Drift',
      country: 'DK',
      vat_id: 'DK13585628',
      timezone: 'Europe/Copenhagen',
    });
    await signUpAndConfirm({
      email: 'us@example.com',
      company_name: 'Yankee Ops',
      country: 'US',
      vat_id: '',
      timezone: 'America/New_York',
    });
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

  it('answers a filled-in honeypot as a success, and keeps and sends nothing', async () => {
    const before = await countRows(pendingSignUps);
    const response = await post(signUp({ email: 'bot@engines.example', website: 'https://spam.example' }));
    expect(response.statusCode).toBe(204);
    await t.app.mailer.drain();
    expect(await countRows(pendingSignUps)).toBe(before);
    expect(mailsTo('bot@engines.example')).toEqual([]);
  });

  // Last: it stops this file's mail server.
  it('keeps the sign-up and answers as usual when the mail server is down; the mail waits for a retry', async () => {
    await smtp.close();
    const response = await post(signUp({ email: 'offline@engines.example', company_name: 'Offline Ops' }));
    expect(response.statusCode).toBe(204);
    await t.app.mailer.drain();
    const [kept] = await t.database.db.select().from(outbox).where(eq(outbox.to, 'offline@engines.example'));
    expect(kept).toMatchObject({ attempts: 1, sentAt: null });
    expect(kept?.lastError).toBeTruthy();
  });
});
