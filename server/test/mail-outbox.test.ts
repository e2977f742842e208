import { eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSmtpCapture } from '../../tests/support/smtp-capture';
import { buildApp } from '../src/app';
import { outbox } from '../src/db/schema';
import { type Mail, OUTBOX, RECIPIENT_CAP } from '../src/modules/mail/mailer';
import { TEST_SECRET, TestBrowser, testConfig, useTestApp } from './helpers';

const smtp = await startSmtpCapture();
const t = useTestApp({ SMTP_URL: smtp.url });
afterAll(() => smtp.close());

const mail = (to: string, subject = 'Hello'): Mail => ({
  kind: 'test',
  to,
  subject,
  text: 'A test mail.',
  html: '<p>A test mail.</p>',
});

/** Another replica on the same database, with its own worker. */
async function replica(env: Record<string, string>, logLines?: string[]): Promise<FastifyInstance> {
  const app = await buildApp({
    config: testConfig(env),
    db: t.database.db,
    secret: TEST_SECRET,
    now: t.clock.now,
    ...(logLines && {
      logger: { level: 'info', stream: { write: (line: string) => logLines.push(line) } },
    }),
  });
  await app.ready();
  return app;
}

const rowsTo = (pattern: string) => t.database.db.select().from(outbox).where(like(outbox.to, pattern));

beforeEach(async () => {
  await t.app.mailer.drain();
  smtp.received.length = 0;
});

describe('the outbox worker', () => {
  it('delivers queued mail promptly without being asked', async () => {
    await t.app.ready();
    await t.app.mailer.queue([mail('prompt@outbox.example')], t.app.log);
    await vi.waitFor(
      () => expect(smtp.received.map((sent) => sent.to)).toEqual([['prompt@outbox.example']]),
      {
        timeout: 5_000,
      },
    );
  });

  it('delivers each mail once when several replicas drain at the same time', async () => {
    const other = await replica({ SMTP_URL: smtp.url });
    try {
      const addresses = Array.from({ length: 30 }, (_, index) => `once-${index}@outbox.example`);
      await t.app.mailer.queue(
        addresses.map((to) => mail(to)),
        t.app.log,
      );
      await Promise.all([t.app.mailer.drain(), other.mailer.drain(), t.app.mailer.drain()]);
      expect(smtp.received.flatMap((sent) => sent.to).sort()).toEqual([...addresses].sort());
      expect((await rowsTo('once-%')).every((row) => row.sentAt !== null && row.attempts === 1)).toBe(true);
    } finally {
      await other.close();
    }
  });

  it('finishes the delivery under way when its app closes', async () => {
    const other = await replica({ SMTP_URL: smtp.url });
    await other.mailer.queue([mail('closing@outbox.example')], other.log);
    await other.close();
    const [row] = await rowsTo('closing@%');
    expect(row?.sentAt).not.toBeNull();
  });

  it('counts the per-recipient cap in the database, so it holds across replicas, and logs what it leaves out', async () => {
    const lines: string[] = [];
    const other = await replica({ SMTP_URL: smtp.url }, lines);
    try {
      for (let sent = 0; sent <= RECIPIENT_CAP.perHour; sent++) {
        const app = sent % 2 ? other : t.app;
        const response = await new TestBrowser(app).request('/api/auth/password/forgot', {
          method: 'POST',
          body: { email: 'user@acme.example' },
        });
        expect(response.statusCode).toBe(204);
      }
      // Either replica's worker may hold a claimed mail: both finish before the count.
      await Promise.all([t.app.mailer.drain(), other.mailer.drain()]);
      expect(smtp.received.filter((sent) => sent.to.includes('user@acme.example'))).toHaveLength(
        RECIPIENT_CAP.perHour,
      );
      expect(lines.join('')).toContain('mail not sent: its recipient had enough this hour');
    } finally {
      await other.close();
    }
  });

  // Last: it stops this file's mail server.
  it('retries a failed mail with a doubling wait, and gives up after the last try', async () => {
    await smtp.close();
    await t.app.mailer.queue([mail('retry@outbox.example')], t.app.log);
    const row = async () => (await rowsTo('retry@%'))[0];

    await t.app.mailer.drain();
    expect(await row()).toMatchObject({ attempts: 1, sentAt: null });
    expect((await row())?.nextAttemptAt.getTime()).toBe(
      t.clock.now().getTime() + OUTBOX.firstBackoffSeconds * 1000,
    );
    // Not due yet: draining again tries nothing.
    await t.app.mailer.drain();
    expect((await row())?.attempts).toBe(1);

    t.clock.advance(OUTBOX.firstBackoffSeconds * 1000);
    await t.app.mailer.drain();
    expect((await row())?.attempts).toBe(2);
    expect((await row())?.nextAttemptAt.getTime()).toBe(
      t.clock.now().getTime() + 2 * OUTBOX.firstBackoffSeconds * 1000,
    );

    for (let attempt = 3; attempt <= OUTBOX.maxAttempts + 2; attempt++) {
      t.clock.advance(OUTBOX.maxBackoffSeconds * 1000);
      await t.app.mailer.drain();
    }
    const last = await row();
    expect(last).toMatchObject({ attempts: OUTBOX.maxAttempts, sentAt: null });
    expect(last?.lastError).toContain('ECONNREFUSED');
    await t.database.db.delete(outbox).where(eq(outbox.to, 'retry@outbox.example'));
  });
});
