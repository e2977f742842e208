import { afterAll, describe, expect, it } from 'vitest';
import { startSmtpCapture } from '../../tests/support/smtp-capture';
import type { Mail } from '../src/modules/mail';
import { json, useTestApp } from './helpers';

const smtp = await startSmtpCapture();
const t = useTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://portal.example' });
afterAll(() => smtp.close());

const ALL_ON = { window_notices: true, window_outcomes: true, spend_alerts: true, invoices: true };

const mail = (kind: string, to: string): Mail => ({
  kind,
  to,
  subject: `${kind} to ${to}`,
  text: 'Hello',
  html: '<p>Hello</p>',
});

async function sent(subject: string) {
  await t.app.mailer.drain();
  return smtp.received.filter((received) => received.subject === subject);
}

describe('mail preferences', () => {
  it('are every kind on until a person turns one off in settings', async () => {
    const user = await t.signedIn('user@acme.example');
    expect(json(await user.request('/api/user/me/mail-preferences'))).toEqual(ALL_ON);
    const changed = await user.request('/api/user/me/mail-preferences', {
      method: 'PATCH',
      body: { spend_alerts: false, invoices: false },
    });
    expect(json(changed)).toEqual({ ...ALL_ON, spend_alerts: false, invoices: false });
    expect(
      json(
        await user.request('/api/user/me/mail-preferences', { method: 'PATCH', body: { invoices: true } }),
      ),
    ).toEqual({ ...ALL_ON, spend_alerts: false });
    for (const body of [{}, { spend_alerts: 'no' }, { newsletters: false }]) {
      const refused = await user.request('/api/user/me/mail-preferences', { method: 'PATCH', body });
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await t.browser().request('/api/user/me/mail-preferences')).statusCode).toBe(401);
    // Another person's choices are their own.
    const manager = await t.signedIn('manager@acme.example');
    expect(json(await manager.request('/api/user/me/mail-preferences'))).toEqual(ALL_ON);
  });

  it('leave out a stopped kind for that address only, and never the mail that must arrive', async () => {
    const user = await t.signedIn('user@acme.example');
    await user.request('/api/user/me/mail-preferences', {
      method: 'PATCH',
      body: { window_outcomes: false },
    });
    await t.app.mailer.queue(
      [
        mail('service-window-outcome', 'USER@acme.example'),
        mail('service-window-outcome', 'manager@acme.example'),
        mail('service-window-notice', 'user@acme.example'),
        mail('password-reset', 'user@acme.example'),
      ],
      t.app.log,
    );
    expect((await sent('service-window-outcome to USER@acme.example')).length).toBe(0);
    expect((await sent('service-window-outcome to manager@acme.example')).length).toBe(1);
    expect((await sent('service-window-notice to user@acme.example')).length).toBe(1);
    const [reset] = await sent('password-reset to user@acme.example');
    expect(reset?.headers['list-unsubscribe']).toBeUndefined();
  });

  it('carry a one-click link (RFC 8058) that stops the kind without signing in; opening it only asks', async () => {
    await t.app.mailer.queue([mail('expense-ceiling-warning', 'manager@acme.example')], t.app.log);
    const [warning] = await sent('expense-ceiling-warning to manager@acme.example');
    expect(warning?.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const link = /^<(https:\/\/portal\.example\/api\/mail\/unsubscribe\/[\w.-]+)>$/.exec(
      warning?.headers['list-unsubscribe'] ?? '',
    )?.[1];
    if (!link) throw new Error(`no one-click link: ${warning?.headers['list-unsubscribe']}`);
    const path = new URL(link).pathname;

    // A person (or a link scanner) opening it gets a question in their language, and nothing stops.
    const asked = await t.app.inject({ url: path, headers: { 'accept-language': 'da-DK,da;q=0.9' } });
    expect(asked.statusCode).toBe(200);
    expect(asked.headers['content-type']).toMatch(/^text\/html/);
    expect(asked.body).toContain('<html lang="da">');
    expect(asked.body).toContain('<form method="post">');
    const manager = await t.signedIn('manager@acme.example');
    expect(json(await manager.request('/api/user/me/mail-preferences'))).toMatchObject({
      spend_alerts: true,
    });

    // The mail client's one-click POST: no cookie, no XSRF token, form-encoded.
    const stopped = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(stopped.statusCode).toBe(200);
    expect(json(await manager.request('/api/user/me/mail-preferences'))).toMatchObject({
      spend_alerts: false,
    });
    await t.app.mailer.queue([mail('expense-ceiling-reached', 'manager@acme.example')], t.app.log);
    expect(await sent('expense-ceiling-reached to manager@acme.example')).toEqual([]);

    // A forged or cut link stops nothing.
    const [payload] = path.split('/').at(-1)?.split('.') ?? [];
    const forged = Buffer.from(JSON.stringify(['user@acme.example', 'invoices'])).toString('base64url');
    for (const token of [`${forged}.${path.split('.').at(-1)}`, `${payload}.x`, 'nonsense']) {
      const refused = await t.app.inject({ method: 'POST', url: `/api/mail/unsubscribe/${token}` });
      expect([400, 404], token).toContain(refused.statusCode);
    }
    const user = await t.signedIn('user@acme.example');
    expect(json(await user.request('/api/user/me/mail-preferences'))).toMatchObject({ invoices: true });
  });
});
