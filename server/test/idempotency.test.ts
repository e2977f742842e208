import { randomUUID } from 'node:crypto';
import {
  type Exemption,
  IDEMPOTENCY_REFUSALS,
  type Proposal,
  type ServiceWindow,
  type WindowConfiguration,
} from '@tidewatch/contract';
import { count, eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { startSmtpCapture } from '../../tests/support/smtp-capture';
import { REPLAYED_HEADER } from '../src/core/idempotency';
import {
  chatConversations,
  idempotencyKeys,
  leads,
  serviceWindowExemptions,
  serviceWindowProposals,
  serviceWindows,
} from '../src/db/schema';
import { runRetention } from '../src/modules/retention/retention';
import { json, type TestBrowser, useTestApp } from './helpers';

const smtp = await startSmtpCapture();
const t = useTestApp({ SMTP_URL: smtp.url });
afterAll(() => smtp.close());

const ADMIN = 'admin@tidewatch.example';
const MEMBER = 'user@acme.example';
const MANAGER = 'manager@acme.example';
const base = '/api/customer/acmecorp';
const HOUR_MS = 60 * 60_000;

async function rows(table: PgTable) {
  const [row] = await t.database.db.select({ n: count() }).from(table);
  return row?.n ?? 0;
}

function post(browser: TestBrowser, url: string, body: unknown, key?: string, remoteAddress?: string) {
  return browser.request(url, {
    method: 'POST',
    body,
    ...(key !== undefined && { headers: { 'idempotency-key': key } }),
    ...(remoteAddress && { remoteAddress }),
  });
}

/** Five identical submissions at once, as a double (or quintuple) click sends them. */
const fiveAtOnce = (send: () => Promise<LightMyRequestResponse>) =>
  Promise.all(Array.from({ length: 5 }, send));

/** Every answer is the first one: one made it, the others were given it again. */
function expectOneAnswer(answers: LightMyRequestResponse[], status: number) {
  expect(answers.map((answer) => answer.statusCode)).toEqual(Array(5).fill(status));
  expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
  expect(answers.filter((answer) => answer.headers[REPLAYED_HEADER] === 'true')).toHaveLength(4);
}

async function weeklyGroup() {
  const admin = await t.signedIn(ADMIN);
  const found = json<{ data: WindowConfiguration[] }>(
    await admin.request(`${base}/service-window/configurations`),
  ).data.find((item) => item.group.name === 'weekly-patching');
  const [first, second] = found?.members.servers ?? [];
  if (!found || !first || !second) throw new Error('weekly-patching needs two servers');
  return { id: found.group.id, servers: [first, second] };
}

async function booking(note: string) {
  const group = await weeklyGroup();
  const inADay = new Date(t.app.now().getTime() + 24 * HOUR_MS).toISOString().slice(0, 13);
  return {
    tag_id: group.id,
    certnames: group.servers,
    starts_at_local: `${inADay}:00`,
    timezone: 'UTC',
    duration_minutes: 60,
    reboot_allowed: true,
    note,
  };
}

const proposal = async (note: string) => ({
  tag_id: (await weeklyGroup()).id,
  settings: {
    weekdays: [6],
    start: '20:00',
    duration_minutes: 120,
    timezone: 'Europe/Copenhagen',
    reboot_allowed: true,
    applies_to: 'both',
    notice_minutes: 60,
  },
  note,
});

describe('five identical submissions with one Idempotency-Key', () => {
  it('book one service window', async () => {
    const admin = await t.signedIn(ADMIN);
    const body = await booking('Kernel fix');
    const before = await rows(serviceWindows);
    const key = randomUUID();
    const answers = await fiveAtOnce(() => post(admin, `${base}/service-windows`, body, key));
    expectOneAnswer(answers, 200);
    expect(await rows(serviceWindows)).toBe(before + 1);
    expect(json<ServiceWindow>(answers[0] as LightMyRequestResponse).note).toBe('Kernel fix');
  });

  it('ask for one exemption', async () => {
    const admin = await t.signedIn(ADMIN);
    const member = await t.signedIn(MEMBER);
    const window = json<ServiceWindow>(
      await post(admin, `${base}/service-windows`, await booking('For an exemption')),
    );
    const body = { window_id: window.id, certnames: [window.targets[0]?.certname], reason: 'Demo day' };
    const before = await rows(serviceWindowExemptions);
    const key = randomUUID();
    const answers = await fiveAtOnce(() => post(member, `${base}/service-window/exemptions`, body, key));
    expectOneAnswer(answers, 200);
    expect(await rows(serviceWindowExemptions)).toBe(before + 1);
    expect(json<Exemption>(answers[0] as LightMyRequestResponse).status).toBe('requested');
  });

  it('make one configuration proposal', async () => {
    const member = await t.signedIn(MEMBER);
    const body = await proposal('Saturdays suit us');
    const before = await rows(serviceWindowProposals);
    const key = randomUUID();
    const answers = await fiveAtOnce(() => post(member, `${base}/service-window/proposals`, body, key));
    expectOneAnswer(answers, 200);
    expect(await rows(serviceWindowProposals)).toBe(before + 1);
  });

  it("keep one lead from the site's contact form", async () => {
    const body = {
      name: 'Grace Hopper',
      email: 'grace@navy.example',
      message: 'Can you take over the night shift?',
      language: 'en',
    };
    const before = await rows(leads);
    const key = randomUUID();
    const answers = await fiveAtOnce(() =>
      post(t.browser(), '/api/leads/contact', body, key, '203.0.113.61'),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(5).fill(204));
    expect(answers.filter((answer) => answer.headers[REPLAYED_HEADER] === 'true')).toHaveLength(4);
    expect(await rows(leads)).toBe(before + 1);
  });
});

describe('an Idempotency-Key', () => {
  it('is refused with 422 when sent again with another body, and nothing more is made', async () => {
    const member = await t.signedIn(MEMBER);
    const key = randomUUID();
    const first = await post(member, `${base}/service-window/proposals`, await proposal('First'), key);
    expect(first.statusCode).toBe(200);
    const before = await rows(serviceWindowProposals);
    const other = await post(member, `${base}/service-window/proposals`, await proposal('Second'), key);
    expect(other.statusCode).toBe(422);
    expect(json(other)).toMatchObject({
      error: 'Unprocessable Content',
      message: IDEMPOTENCY_REFUSALS.keyReused,
    });
    expect(await rows(serviceWindowProposals)).toBe(before);
  });

  it('is not needed: without one, every submission makes a record as before', async () => {
    const member = await t.signedIn(MEMBER);
    const body = await proposal('No key');
    const before = await rows(serviceWindowProposals);
    await post(member, `${base}/service-window/proposals`, body);
    await post(member, `${base}/service-window/proposals`, body);
    expect(await rows(serviceWindowProposals)).toBe(before + 2);
  });

  it('is answered 400 in its own field when it is not a key', async () => {
    const member = await t.signedIn(MEMBER);
    for (const bad of ['', 'has spaces', 'ø', 'x'.repeat(256)]) {
      const response = await post(member, `${base}/service-window/proposals`, await proposal('Bad'), bad);
      expect(response.statusCode).toBe(400);
      expect(json(response).fieldErrors).toEqual({ 'Idempotency-Key': [IDEMPOTENCY_REFUSALS.keyInvalid] });
    }
    const quoted = await post(
      member,
      `${base}/service-window/proposals`,
      await proposal('Quoted'),
      '"abc-1"',
    );
    expect(quoted.statusCode).toBe(200);
  });

  it("belongs to its caller: another user's same key makes their own record", async () => {
    const member = await t.signedIn(MEMBER);
    const manager = await t.signedIn(MANAGER);
    const body = await proposal('Same key, two people');
    const key = randomUUID();
    const before = await rows(serviceWindowProposals);
    const mine = json<Proposal>(await post(member, `${base}/service-window/proposals`, body, key));
    const theirs = json<Proposal>(await post(manager, `${base}/service-window/proposals`, body, key));
    expect(mine.proposed_by?.email).toBe(MEMBER);
    expect(theirs.proposed_by?.email).toBe(MANAGER);
    expect(await rows(serviceWindowProposals)).toBe(before + 2);
  });

  it('is given back when the request fails, so the corrected submission goes through', async () => {
    const admin = await t.signedIn(ADMIN);
    const key = randomUUID();
    const refused = await post(
      admin,
      `${base}/service-windows`,
      { ...(await booking('Wrong server')), certnames: ['no-such-server.example'] },
      key,
    );
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    const before = await rows(serviceWindows);
    const booked = await post(admin, `${base}/service-windows`, await booking('Right servers'), key);
    expect(booked.statusCode).toBe(200);
    expect(await rows(serviceWindows)).toBe(before + 1);
  });

  it('is forgotten after 24 hours: the same submission then makes a new record, and retention removes the key', async () => {
    const member = await t.signedIn(MEMBER);
    const body = await proposal('A day apart');
    const key = randomUUID();
    const before = await rows(serviceWindowProposals);
    await post(member, `${base}/service-window/proposals`, body, key);
    const ofThisKey = eq(idempotencyKeys.key, key);
    const { db } = t.database;
    await db
      .update(idempotencyKeys)
      .set({ createdAt: sql`${idempotencyKeys.createdAt} - interval '24 hours 1 minute'` })
      .where(ofThisKey);
    const again = await post(member, `${base}/service-window/proposals`, body, key);
    expect(again.headers[REPLAYED_HEADER]).toBeUndefined();
    expect(await rows(serviceWindowProposals)).toBe(before + 2);

    await db
      .update(idempotencyKeys)
      .set({ createdAt: sql`${idempotencyKeys.createdAt} - interval '24 hours 1 minute'` })
      .where(ofThisKey);
    expect((await runRetention(db, t.app.now())).idempotencyKeys).toBe(1);
    expect(await db.select().from(idempotencyKeys).where(ofThisKey)).toEqual([]);
  });

  it('gives a repeated chat start the first answer, whose secret is kept sealed', async () => {
    const body = { name: 'Ada Lovelace', email: 'ada@engines.example', locale: 'en', page: '/pricing' };
    const key = randomUUID();
    const before = await rows(chatConversations);
    const first = await post(t.browser(), '/api/chat/conversations', body, key, '203.0.113.62');
    const second = await post(t.browser(), '/api/chat/conversations', body, key, '203.0.113.62');
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(second.body).toBe(first.body);
    expect(await rows(chatConversations)).toBe(before + 1);
    const [kept] = await t.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(kept?.response).not.toContain(json<{ token: string }>(first).token);

    const elsewhere = await post(t.browser(), '/api/chat/conversations', body, key, '203.0.113.63');
    expect(elsewhere.body).not.toBe(first.body);
    expect(await rows(chatConversations)).toBe(before + 2);
  });
});
