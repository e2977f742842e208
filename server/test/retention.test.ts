import { asc, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import {
  chatConversations,
  chatMessages,
  cspReports,
  errorReports,
  jobApplications,
  leads,
  outbox,
  pendingSignUps,
  portalEvents,
  rateLimits,
  sessions,
} from '../src/db/schema';
import { RETENTION, runRetention } from '../src/modules/retention/retention';
import { TEST_SECRET, testConfig, useTestApp } from './helpers';

const t = useTestApp();

const DAY_MS = 24 * 60 * 60_000;
const ago = (ms: number) => new Date(t.clock.now().getTime() - ms);

async function addErrorReport(receivedAt: Date, page: string) {
  await t.database.db.insert(errorReports).values({
    receivedAt,
    type: 'UI ERROR',
    occurredAt: receivedAt,
    app: 'portal',
    page,
    stack: 'TypeError',
  });
}

async function addLead(createdAt: Date, name: string) {
  await t.database.db.insert(leads).values({
    kind: 'contact',
    name,
    email: `${name.toLowerCase()}@example.com`,
    locale: 'en',
    sourceHash: 'hash',
    createdAt,
  });
}

async function addOutboxMail(createdAt: Date, subject: string) {
  await t.database.db
    .insert(outbox)
    .values({ createdAt, kind: 'password-reset', to: 'a@example.com', subject, text: 'x', html: 'x' });
}

beforeEach(async () => {
  const { db } = t.database;
  await db.delete(errorReports);
  await db.delete(leads);
  await db.delete(outbox);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('runRetention', () => {
  it('deletes error and CSP reports, leads and mail past their periods and keeps the younger ones', async () => {
    const { db } = t.database;
    await db.delete(cspReports);
    await db.insert(cspReports).values(
      [RETENTION.cspReportsMs + 1000, RETENTION.cspReportsMs - 1000].map((age) => ({
        receivedAt: ago(age),
        documentUrl: age > RETENTION.cspReportsMs ? '/old' : '/young',
        directive: 'img-src',
      })),
    );
    await addErrorReport(ago(RETENTION.errorReportsMs + 1000), '/old');
    await addErrorReport(ago(RETENTION.errorReportsMs - 1000), '/young');
    await addLead(ago(RETENTION.leadsMs + DAY_MS), 'Old');
    await addLead(ago(RETENTION.leadsMs - DAY_MS), 'Young');
    await addOutboxMail(ago(RETENTION.outboxMs + 1000), 'old');
    await addOutboxMail(ago(RETENTION.outboxMs - 1000), 'young');

    const deleted = await runRetention(db, t.clock.now());

    expect(deleted).toMatchObject({ cspReports: 1, errorReports: 1, leads: 1, outbox: 1 });
    expect((await db.select().from(cspReports)).map((row) => row.documentUrl)).toEqual(['/young']);
    expect((await db.select().from(errorReports)).map((row) => row.page)).toEqual(['/young']);
    expect((await db.select().from(leads)).map((row) => row.name)).toEqual(['Young']);
    expect((await db.select().from(outbox)).map((row) => row.subject)).toEqual(['young']);
  });

  it('deletes chat conversations and their messages 90 days after the last message', async () => {
    const { db } = t.database;
    await db.delete(chatConversations);
    const conversation = (name: string, lastMessageAt: Date) => ({
      tokenHash: `hash-${name}`,
      totpSecret: 'sealed',
      visitorName: name,
      visitorEmail: `${name.toLowerCase()}@example.com`,
      locale: 'en' as const,
      page: '/pricing',
      startedAt: lastMessageAt,
      lastMessageAt,
      lastMessageBy: 'user' as const,
    });
    const stored = await db
      .insert(chatConversations)
      .values([
        conversation('Old', ago(RETENTION.chatConversationsMs + 1000)),
        conversation('Young', ago(RETENTION.chatConversationsMs - 1000)),
      ])
      .returning({ id: chatConversations.id, name: chatConversations.visitorName });
    await db.insert(chatMessages).values(
      stored.map((row) => ({
        conversationId: row.id,
        by: 'user' as const,
        body: `from ${row.name}`,
        createdAt: ago(0),
      })),
    );

    expect(RETENTION.chatConversationsMs).toBe(90 * DAY_MS);
    expect(await runRetention(db, t.clock.now())).toMatchObject({ chatConversations: 1 });
    expect((await db.select().from(chatConversations)).map((row) => row.visitorName)).toEqual(['Young']);
    expect((await db.select().from(chatMessages)).map((row) => row.body)).toEqual(['from Young']);
  });

  it('deletes job applications and their CVs half a year after they came', async () => {
    const { db } = t.database;
    await db.delete(jobApplications);
    const application = (name: string, createdAt: Date) => ({
      name,
      email: 'a@example.com',
      role: 'Linux Operations Engineer',
      locale: 'en' as const,
      cvName: 'cv.pdf',
      cvType: 'application/pdf',
      cvSize: 4,
      cv: Buffer.from('%PDF'),
      sourceHash: 'hash',
      createdAt,
    });
    await db
      .insert(jobApplications)
      .values([
        application('Old', ago(RETENTION.jobApplicationsMs + 1000)),
        application('Young', ago(RETENTION.jobApplicationsMs - 1000)),
      ]);

    expect(await runRetention(db, t.clock.now())).toMatchObject({ jobApplications: 1 });
    expect((await db.select().from(jobApplications)).map((row) => row.name)).toEqual(['Young']);
  });

  it('deletes pending sign-ups once their link has expired', async () => {
    const { db } = t.database;
    const form = {} as typeof pendingSignUps.$inferInsert.form;
    const at = t.clock.now();
    await db.insert(pendingSignUps).values([
      { id: 'expired', email: 'a@example.com', form, createdAt: ago(DAY_MS), expiresAt: at },
      {
        id: 'waiting',
        email: 'b@example.com',
        form,
        createdAt: at,
        expiresAt: new Date(at.getTime() + DAY_MS),
      },
    ]);
    expect((await runRetention(db, at)).pendingSignUps).toBe(1);
    expect((await db.select().from(pendingSignUps)).map((row) => row.id)).toEqual(['waiting']);
  });

  it('deletes rate-limit counters whose window has ended', async () => {
    const { db } = t.database;
    await db.insert(rateLimits).values([
      { key: 'ended', count: 5, resetAt: t.clock.now() },
      { key: 'running', count: 5, resetAt: new Date(t.clock.now().getTime() + 1000) },
    ]);
    expect((await runRetention(db, t.clock.now())).rateLimits).toBe(1);
    expect((await db.select().from(rateLimits)).map((row) => row.key)).toEqual(['running']);
  });

  it('deletes sessions that have ended, by their absolute end or by idling, and keeps live ones', async () => {
    const { db } = t.database;
    for (let signIn = 0; signIn < 3; signIn++) await t.signedIn('manager@acme.example');
    const [expired, idle] = await db.select().from(sessions).orderBy(asc(sessions.publicId));
    if (!expired || !idle) throw new Error('sessions were not created');
    await db.update(sessions).set({ expiresAt: t.clock.now() }).where(eq(sessions.id, expired.id));
    await db
      .update(sessions)
      .set({ lastSeenAt: ago(RETENTION.sessionIdleMs + 1000) })
      .where(eq(sessions.id, idle.id));

    expect((await runRetention(db, t.clock.now())).sessions).toBe(2);
    const left = await db.select().from(sessions);
    expect(left).toHaveLength(1);
    expect(left.map((row) => row.id)).not.toContain(expired.id);
    expect(left.map((row) => row.id)).not.toContain(idle.id);
  });

  it("deletes the portal's live events after an hour", async () => {
    const { db } = t.database;
    const data = JSON.stringify({ customer_id: 'acmecorp' });
    await db.delete(portalEvents);
    await db.insert(portalEvents).values([
      { name: 'counts.changed', customerId: 'acmecorp', data, at: ago(RETENTION.portalEventsMs + 1000) },
      { name: 'counts.changed', customerId: 'acmecorp', data, at: ago(RETENTION.portalEventsMs - 60_000) },
    ]);
    expect((await runRetention(db, t.clock.now())).portalEvents).toBe(1);
    expect(await db.select().from(portalEvents)).toHaveLength(1);
  });
});

// A sweep may queue behind the app's other start-up work on the one embedded connection (its vacuum).
const SWEEP_WAIT = { timeout: 15_000 };

describe('the retention job', () => {
  it('runs when the app starts and again on its interval, and stops when the app closes', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { db } = t.database;
    const app = await buildApp({ config: testConfig(), db, secret: TEST_SECRET, now: t.clock.now });
    await addErrorReport(ago(RETENTION.errorReportsMs + 1000), '/before-start');
    await app.ready();
    await vi.waitFor(async () => expect(await db.select().from(errorReports)).toEqual([]), SWEEP_WAIT);

    await addErrorReport(ago(RETENTION.errorReportsMs + 1000), '/after-start');
    vi.advanceTimersByTime(RETENTION.sweepEveryMs);
    await vi.waitFor(async () => expect(await db.select().from(errorReports)).toEqual([]), SWEEP_WAIT);

    await app.close();
    await addErrorReport(ago(RETENTION.errorReportsMs + 1000), '/after-close');
    vi.advanceTimersByTime(RETENTION.sweepEveryMs);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await db.select().from(errorReports)).map((row) => row.page)).toEqual(['/after-close']);
  });
});
