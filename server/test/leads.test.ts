import { brand } from '@tidewatch/content';
import { desc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { linkIn, startSmtpCapture } from '../../tests/support/smtp-capture';
import { leads, outbox } from '../src/db/schema';
import { LEAD_LIMITS } from '../src/modules/leads/routes';
import { RECIPIENT_CAP } from '../src/modules/mail/mailer';
import { json, useTestApp } from './helpers';

const smtp = await startSmtpCapture();
const t = useTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://www.tidewatch.example' });
afterAll(() => smtp.close());

const FORMS = {
  contact: {
    path: '/api/leads/contact',
    body: {
      name: 'Grace Hopper',
      email: 'Grace@Navy.example',
      company: 'Naval Computing',
      message: 'We run 40 Ubuntu servers and two clusters.\nCan you take over the night shift?',
      language: 'en',
    },
  },
  solutionsBrief: {
    path: '/api/leads/solutions-brief',
    body: {
      name: 'Karen Blixen',
      email: 'karen@rungstedlund.example',
      phone: '+45 12 34 56 78',
      company: 'Rungstedlund ApS',
      job_role: 'Head of IT',
      language: 'da',
    },
  },
  resellerApplication: {
    path: '/api/leads/reseller-applications',
    body: {
      company: 'Fjord Hosting A/S',
      name: 'Niels Bohr',
      email: 'niels@fjordhosting.example',
      country: 'dk',
      expected_customers: '5-9',
      message: 'We host 300 small businesses.',
      language: 'en',
    },
  },
} as const;
type Form = keyof typeof FORMS;

async function send(form: Form, overrides: Record<string, unknown> = {}, browser = t.browser()) {
  const response = await browser.request(FORMS[form].path, {
    method: 'POST',
    body: { ...FORMS[form].body, ...overrides },
  });
  // Mail leaves through the outbox: deliver what is due before looking at it.
  await t.app.mailer.drain();
  return response;
}

const stored = () => t.database.db.select().from(leads).orderBy(desc(leads.createdAt));
const mailsTo = (address: string) => smtp.received.filter((mail) => mail.to.includes(address));

beforeEach(async () => {
  await t.database.db.delete(leads);
  smtp.received.length = 0;
});

describe('POST /api/leads/contact', () => {
  it('keeps the message and tells the sales team, who can answer by replying', async () => {
    const response = await send('contact');
    expect(response.statusCode).toBe(204);
    const [lead] = await stored();
    expect(lead).toMatchObject({
      kind: 'contact',
      name: 'Grace Hopper',
      email: 'grace@navy.example',
      company: 'Naval Computing',
      message: FORMS.contact.body.message,
      locale: 'en',
      phone: null,
      createdAt: t.clock.now(),
    });
    expect(lead?.sourceHash).toMatch(/^[\w-]{43}$/);
    expect(lead?.sourceHash).not.toContain('127.0.0.1');

    const [notice] = mailsTo(brand.contact.salesEmail);
    expect(notice?.subject).toBe('Message from the contact form: Grace Hopper, Naval Computing');
    expect(notice?.replyTo).toEqual(['grace@navy.example']);
    expect(notice?.text).toContain('Can you take over the night shift?');
    expect(notice?.html).toContain('Naval Computing');
    expect(mailsTo('grace@navy.example')).toEqual([]);
  });

  it('leaves the company out when it is empty', async () => {
    expect((await send('contact', { company: '' })).statusCode).toBe(204);
    expect((await stored())[0]?.company).toBeNull();
  });

  it('answers 400 with a message per field', async () => {
    const response = await send('contact', { name: ' ', email: 'not-an-address', message: undefined });
    expect(response.statusCode).toBe(400);
    expect(json(response).fieldErrors).toEqual({
      name: ['Enter your name'],
      email: ['Enter a valid email address'],
      message: ['Write your message'],
    });
    expect(await stored()).toEqual([]);
    expect(smtp.received).toEqual([]);
  });
});

describe('POST /api/leads/solutions-brief', () => {
  it('answers the download address and mails the link to the visitor in their language', async () => {
    const response = await send('solutionsBrief');
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ download_url: '/da/downloads/solutions-brief.pdf' });
    expect((await stored())[0]).toMatchObject({
      kind: 'solutions_brief',
      phone: '+45 12 34 56 78',
      jobRole: 'Head of IT',
      company: 'Rungstedlund ApS',
      locale: 'da',
    });

    const [mail] = mailsTo('karen@rungstedlund.example');
    expect(mail?.subject).toBe('Dit løsningsoverblik fra Tidewatch');
    expect(mail?.text).toMatch(/^Hej\n/);
    if (!mail) throw new Error('no mail arrived');
    expect(linkIn(mail, '/downloads/').href).toBe(
      'https://www.tidewatch.example/da/downloads/solutions-brief.pdf',
    );
    // It comes from sales: its signed unsubscribe link works without typing anything.
    const unsubscribe = linkIn(mail, '/unsubscribe');
    expect(unsubscribe.pathname).toBe('/da/unsubscribe');
    expect(mail.html).toContain('Afmeld');
    const confirmed = await t.browser().request('/api/marketing/unsubscribe', {
      method: 'POST',
      body: {
        email: unsubscribe.searchParams.get('email'),
        token: unsubscribe.searchParams.get('token'),
      },
    });
    expect(confirmed.statusCode).toBe(204);
    const [notice] = mailsTo(brand.contact.salesEmail);
    expect(notice?.subject).toBe('Solutions brief downloaded: Karen Blixen, Rungstedlund ApS');
    expect(notice?.text).toContain('Job role: Head of IT');
  });

  it('mails the visitor nothing they typed: a name like "Click http://phish.example" reaches only the sales team', async () => {
    await send('solutionsBrief', {
      name: 'Click http://phish.example',
      company: 'Visit http://phish.example',
    });
    const [mail] = mailsTo('karen@rungstedlund.example');
    expect(mail?.subject).toBe('Dit løsningsoverblik fra Tidewatch');
    expect(`${mail?.subject}${mail?.text}${mail?.html}`).not.toContain('phish');
    expect(mailsTo(brand.contact.salesEmail)[0]?.subject).toContain('Click http://phish.example');
  });

  it(`mails one visitor address at most ${RECIPIENT_CAP.perHour} times an hour across forms and resets; sales hears of every lead`, async () => {
    const address = 'karen@rungstedlund.example';
    await send('solutionsBrief');
    await send('solutionsBrief');
    const reset = await t
      .browser()
      .request('/api/auth/password/forgot', { method: 'POST', body: { email: address } });
    expect(reset.statusCode).toBe(204);
    const past = await send('solutionsBrief');
    expect(past.statusCode).toBe(200);
    expect(json(past)).toEqual({ download_url: '/da/downloads/solutions-brief.pdf' });
    await t.app.mailer.drain();
    expect(mailsTo(address).map((mail) => mail.subject)).toEqual([
      'Dit løsningsoverblik fra Tidewatch',
      'Dit løsningsoverblik fra Tidewatch',
      'No Tidewatch account has this address',
    ]);
    expect(mailsTo(brand.contact.salesEmail)).toHaveLength(3);
    expect(await stored()).toHaveLength(3);
  });

  it('gives English visitors the English brief', async () => {
    const response = await send('solutionsBrief', { language: 'en', email: 'en@example.com' });
    expect(json(response)).toEqual({ download_url: '/downloads/solutions-brief.pdf' });
    expect(mailsTo('en@example.com')[0]?.subject).toBe('Your Tidewatch solutions brief');
  });

  it('refuses a phone number that is not one', async () => {
    for (const phone of ['12', 'call me', '+45 1234 5678 9012 3456 7']) {
      const response = await send('solutionsBrief', { phone });
      expect(response.statusCode).toBe(400);
      expect(json(response).fieldErrors).toEqual({
        phone: ['Enter a phone number, such as +45 12 34 56 78'],
      });
    }
  });
});

describe('POST /api/leads/reseller-applications', () => {
  it('keeps the application and tells the sales team', async () => {
    expect((await send('resellerApplication')).statusCode).toBe(204);
    expect((await stored())[0]).toMatchObject({
      kind: 'reseller_application',
      company: 'Fjord Hosting A/S',
      name: 'Niels Bohr',
      country: 'DK',
      expectedCustomers: '5-9',
      message: 'We host 300 small businesses.',
    });
    const [notice] = mailsTo(brand.contact.salesEmail);
    expect(notice?.subject).toBe('Reseller application: Niels Bohr, Fjord Hosting A/S');
    expect(notice?.text).toContain('Country: Denmark (DK)');
    expect(notice?.text).toContain('Expected customers in the first year: 5-9');
  });

  it('asks for a country and a customer range it knows', async () => {
    const response = await send('resellerApplication', { country: 'XX', expected_customers: 'lots' });
    expect(response.statusCode).toBe(400);
    expect(json(response).fieldErrors).toEqual({
      country: ['Choose a country'],
      expected_customers: ['Choose how many customers you expect'],
    });
  });
});

describe('every lead form', () => {
  it.each(Object.keys(FORMS) as Form[])(
    '%s: a filled-in honeypot gets a success, and nothing is kept or sent',
    async (form) => {
      const genuine = await send(form);
      await t.database.db.delete(leads);
      smtp.received.length = 0;
      const bot = await send(form, { website: 'https://spam.example' });
      expect(bot.statusCode).toBe(genuine.statusCode);
      expect(bot.body).toBe(genuine.body);
      expect(await stored()).toEqual([]);
      expect(smtp.received).toEqual([]);
    },
  );

  it.each(Object.keys(FORMS) as Form[])('%s: needs the XSRF header like every write', async (form) => {
    const response = await t
      .browser()
      .request(FORMS[form].path, { method: 'POST', body: FORMS[form].body, xsrf: false });
    expect(response.statusCode).toBe(403);
  });

  it('throttles each form per address on its own, with Retry-After', async () => {
    const browser = t.browser();
    for (let sent = 0; sent < LEAD_LIMITS.perAddress; sent++) {
      expect((await send('contact', {}, browser)).statusCode).toBe(204);
    }
    const flooded = await send('contact', {}, browser);
    expect(flooded.statusCode).toBe(429);
    expect(Number(flooded.headers['retry-after'])).toBeGreaterThan(0);
    expect(await stored()).toHaveLength(LEAD_LIMITS.perAddress);
    // The other forms keep their own allowance.
    expect((await send('resellerApplication', {}, browser)).statusCode).toBe(204);
    // The window passes.
    t.clock.advance(LEAD_LIMITS.windowMs);
    expect((await send('contact', {}, browser)).statusCode).toBe(204);
  });

  it('stores the language of the page it was sent from', async () => {
    await send('contact', { language: 'da' });
    const [lead] = await t.database.db.select().from(leads).where(eq(leads.kind, 'contact'));
    expect(lead?.locale).toBe('da');
  });

  // Last: it stops this file's mail server.
  it('keeps the lead and answers as usual when the mail server is down; the notice waits for a retry', async () => {
    await smtp.close();
    expect((await send('contact')).statusCode).toBe(204);
    expect(await stored()).toHaveLength(1);
    const [waiting] = await t.database.db.select().from(outbox).where(isNull(outbox.sentAt));
    expect(waiting).toMatchObject({ kind: 'lead-contact', to: brand.contact.salesEmail, attempts: 1 });
  });
});
