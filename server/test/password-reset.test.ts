import { desc, eq, gt } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { type CapturedMail, linkIn, startSmtpCapture } from '../../tests/support/smtp-capture';
import { buildApp } from '../src/app';
import { outbox } from '../src/db/schema';
import { PASSWORD_RESET } from '../src/modules/auth/password-reset';
import { RECIPIENT_CAP } from '../src/modules/mail/mailer';
import { DEMO_PASSWORD } from '../src/seed/demo';
import { json, TEST_SECRET, TestBrowser, testConfig, useTestApp } from './helpers';

const smtp = await startSmtpCapture();
const t = useTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://portal.tidewatch.example' });
afterAll(() => smtp.close());

const NEW_PASSWORD = 'a long new passphrase';

async function requestLink(email: string) {
  const before = smtp.received.length;
  const response = await t
    .browser()
    .request('/api/auth/password/forgot', { method: 'POST', body: { email } });
  await t.app.mailer.drain();
  return { response, mail: smtp.received.slice(before).find((mail) => mail.to.includes(email)) };
}

function tokenFrom(mail: CapturedMail | undefined): string {
  if (!mail) throw new Error('no mail arrived');
  return linkIn(mail, '/set-password').searchParams.get('token') ?? '';
}

async function setPassword(token: string, password = NEW_PASSWORD) {
  return t.browser().request('/api/auth/password/reset', { method: 'POST', body: { token, password } });
}

describe('forgot password', () => {
  it('mails a link to set a new password, in the English the user reads', async () => {
    const { response, mail } = await requestLink('manager@globex.example');
    expect(response.statusCode).toBe(204);
    expect(mail?.subject).toBe('Set your Tidewatch password');
    if (!mail) throw new Error('no mail arrived');
    const link = linkIn(mail, '/set-password');
    expect(link.origin).toBe('https://portal.tidewatch.example');
    expect(link.pathname).toBe('/set-password');
    expect(mail?.html).toContain(link.searchParams.get('token'));
  });

  it('mails Danish users in Danish, with the Danish page', async () => {
    const { mail } = await requestLink('approver@tidewatch.example');
    expect(mail?.subject).toBe('Vælg din adgangskode til Tidewatch');
    expect(mail?.text).toContain('/da/set-password?token=');
  });

  it('answers an unknown address exactly as a known one, and mails it that no account has it', async () => {
    const known = await requestLink('manager@globex.example');
    const unknown = await requestLink('nobody@globex.example');
    expect(unknown.response.statusCode).toBe(known.response.statusCode);
    expect(unknown.response.body).toBe(known.response.body);
    expect(unknown.mail?.subject).toBe('No Tidewatch account has this address');
    expect(unknown.mail?.text).not.toContain('token=');
  });

  it('tells an unknown address in the language of the page it was asked on', async () => {
    await t.browser().request('/api/auth/password/forgot', {
      method: 'POST',
      body: { email: 'ingen@globex.example', language: 'da' },
    });
    await t.app.mailer.drain();
    const [mail] = smtp.received.filter((sent) => sent.to.includes('ingen@globex.example'));
    expect(mail?.subject).toBe('Ingen Tidewatch-konto har denne adresse');
    expect(mail?.text).toContain('https://portal.tidewatch.example/da/sign-up');
  });

  it('does the same work for a known and an unknown address: one mail queued, delivered off the request', async () => {
    const queued = async (email: string) => {
      const before = await t.database.db.select({ id: outbox.id }).from(outbox);
      const response = await t
        .browser()
        .request('/api/auth/password/forgot', { method: 'POST', body: { email } });
      const rows = await t.database.db
        .select()
        .from(outbox)
        .where(gt(outbox.id, Math.max(0, ...before.map((row) => row.id))));
      return { status: response.statusCode, body: response.body, rows: rows.map((row) => row.sentAt) };
    };
    const known = await queued('manager@globex.example');
    const unknown = await queued('nobody@globex.example');
    expect(known).toEqual({ status: 204, body: '', rows: [null] });
    expect(unknown).toEqual(known);
  });

  it(`mails one address at most ${RECIPIENT_CAP.perHour} links an hour, and answers as usual past that`, async () => {
    const answers = [];
    const mails = [];
    for (let sent = 0; sent <= RECIPIENT_CAP.perHour; sent++) {
      const { response, mail } = await requestLink('manager@globex.example');
      answers.push(response.statusCode);
      if (mail) mails.push(mail);
    }
    expect(answers).toEqual(Array(RECIPIENT_CAP.perHour + 1).fill(204));
    expect(mails).toHaveLength(RECIPIENT_CAP.perHour);
  });

  it('answers 400 for a malformed address', async () => {
    const response = await t
      .browser()
      .request('/api/auth/password/forgot', { method: 'POST', body: { email: 'nope' } });
    expect(response.statusCode).toBe(400);
    expect(json(response).fieldErrors).toEqual({ email: ['Enter a valid email address'] });
  });

  it(`answers 429 after ${PASSWORD_RESET.perAddress} requests from one address`, async () => {
    for (let sent = 0; sent < PASSWORD_RESET.perAddress; sent++) await requestLink('nobody@acme.example');
    expect((await requestLink('nobody@acme.example')).response.statusCode).toBe(429);
  });

  it("counts each route's limit on its own: other limited routes still answer", async () => {
    for (let sent = 0; sent <= PASSWORD_RESET.perAddress; sent++) await requestLink('nobody@acme.example');
    // Sign-up allows five an hour: a shared count would refuse this one before reading it.
    const signUp = await t.browser().request('/api/sign-up', { method: 'POST', body: {} });
    expect(signUp.statusCode).toBe(400);
  });
});

describe('setting the password from the link', () => {
  it('sets it once, ends every session, and the new password signs in', async () => {
    const signedIn = await t.signedIn('manager@globex.example');
    const { mail } = await requestLink('manager@globex.example');
    const token = tokenFrom(mail);
    expect((await setPassword(token)).statusCode).toBe(204);
    expect((await signedIn.request('/api/auth')).statusCode).toBe(401);
    expect((await t.browser().login('manager@globex.example', NEW_PASSWORD)).statusCode).toBe(200);
    expect((await t.browser().login('manager@globex.example', DEMO_PASSWORD)).statusCode).toBe(401);

    const again = await setPassword(token, 'yet another passphrase');
    expect(again.statusCode).toBe(400);
    expect(json(again).fieldErrors).toHaveProperty('token');
  });

  it('refuses a link older than an hour', async () => {
    const { mail } = await requestLink('user@acme.example');
    const token = tokenFrom(mail);
    t.clock.advance(PASSWORD_RESET.validMinutes * 60_000 + 1);
    expect((await setPassword(token)).statusCode).toBe(400);
  });

  it('refuses the account email as the password and leaves the link usable', async () => {
    const { mail } = await requestLink('user@acme.example');
    const token = tokenFrom(mail);
    const refused = await setPassword(token, 'USER@acme.example');
    expect(refused.statusCode).toBe(400);
    expect(json(refused).fieldErrors).toHaveProperty('password');
    expect((await setPassword(token)).statusCode).toBe(204);
  });

  it('retires every other link of the user once one has set the password', async () => {
    const older = tokenFrom((await requestLink('user@acme.example')).mail);
    const newer = tokenFrom((await requestLink('user@acme.example')).mail);
    expect((await setPassword(newer)).statusCode).toBe(204);
    expect(json(await setPassword(older, 'yet another passphrase')).fieldErrors).toHaveProperty('token');
  });

  it(`answers 429 after ${PASSWORD_RESET.resetsPerAddress} tries from one address`, async () => {
    for (let tried = 0; tried < PASSWORD_RESET.resetsPerAddress; tried++) {
      expect((await setPassword('x'.repeat(43))).statusCode).toBe(400);
    }
    expect((await setPassword('x'.repeat(43))).statusCode).toBe(429);
  });

  it('counts refused tries only: a link that works costs the address nothing', async () => {
    const token = tokenFrom((await requestLink('user@acme.example')).mail);
    for (let tried = 1; tried < PASSWORD_RESET.resetsPerAddress; tried++) {
      expect((await setPassword('x'.repeat(43))).statusCode).toBe(400);
    }
    expect((await setPassword(token)).statusCode).toBe(204);
    expect((await setPassword('x'.repeat(43))).statusCode).toBe(400);
    expect((await setPassword('x'.repeat(43))).statusCode).toBe(429);
  });

  it('refuses a made-up token and a weak password, with field errors', async () => {
    expect(json(await setPassword('x'.repeat(43))).fieldErrors).toHaveProperty('token');
    const { mail } = await requestLink('user@acme.example');
    const token = tokenFrom(mail);
    expect(json(await setPassword(token, 'short')).fieldErrors).toHaveProperty('password');
  });
});

describe('with the mail server down', () => {
  it('answers a known address exactly as an unknown one', async () => {
    await smtp.close();
    const known = await requestLink('manager@globex.example');
    const unknown = await requestLink('nobody@globex.example');
    expect(known.response.statusCode).toBe(204);
    expect(known.response.body).toBe(unknown.response.body);
  });
});

describe('without an SMTP server', () => {
  it('keeps mail in the outbox and prints it', async () => {
    // This file's own worker would try its (stopped) mail server; only the app without one delivers here.
    await t.app.mailer.close();
    const lines: string[] = [];
    const app = await buildApp({
      config: testConfig(),
      db: t.database.db,
      secret: TEST_SECRET,
      now: t.clock.now,
      logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } },
    });
    try {
      const response = await new TestBrowser(app).request('/api/auth/password/forgot', {
        method: 'POST',
        body: { email: 'user@acme.example' },
      });
      expect(response.statusCode).toBe(204);
      await app.mailer.drain();
      // The app's billing job may queue a ceiling notice alongside, so the reset mail is looked up by kind.
      const [kept] = await t.database.db
        .select()
        .from(outbox)
        .where(eq(outbox.kind, 'password-reset'))
        .orderBy(desc(outbox.id))
        .limit(1);
      expect(kept).toMatchObject({ kind: 'password-reset', to: 'user@acme.example' });
      expect(kept?.sentAt).not.toBeNull();
      expect(lines.join('')).toContain('/set-password?token=');
    } finally {
      await app.close();
    }
  });
});
