import {
  type EmployeeMonth,
  REFUSALS,
  type TimeEntry,
  type TimeMonth,
  type TimeSummary,
} from '@tidewatch/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customers } from '../src/db/schema';
import { json, type TestBrowser, useTestApp } from './helpers';

const t = useTestApp();

// The test clock stands at Monday 2026-11-02 09:00 UTC. The demo's September is approved,
// October is handed in by Astrid (admin) and waiting, November is open.
const entry = (overrides: Record<string, unknown> = {}) => ({
  customer_id: 'acmecorp',
  date: '2026-11-02',
  start_minute: 8 * 60,
  minutes: 60,
  product_id: 'consultation-level-2-remote',
  description: 'Tuned the alert thresholds',
  ticket_ref: 'ACME-1',
  kind: 'ordinary',
  billable: true,
  ...overrides,
});

async function userIdOf(email: string): Promise<string> {
  const approver = await t.signedIn('approver@tidewatch.example');
  const people = json<EmployeeMonth[]>(await approver.request('/api/admin/hours/employees?month=2026-10'));
  const person = people.find((row) => row.email === email);
  if (!person) throw new Error(`${email} is not listed`);
  return person.user_id;
}

describe('registering time', () => {
  it('creates, lists, changes and deletes an own entry', async () => {
    const admin = await t.signedIn('admin@tidewatch.example');
    const created = await admin.request('/api/admin/hours/entries', { method: 'POST', body: entry() });
    expect(created.statusCode).toBe(200);
    const { id } = json<TimeEntry>(created);
    const month = json<TimeMonth>(await admin.request('/api/admin/hours/months/2026-11'));
    expect(month.status).toBe('open');
    expect(month.entries.map((row) => row.id)).toContain(id);

    const changed = await admin.request(`/api/admin/hours/entries/${id}`, {
      method: 'PUT',
      body: entry({ minutes: 30, description: 'Tuned the thresholds' }),
    });
    expect(json<TimeEntry>(changed).minutes).toBe(30);
    expect((await admin.request(`/api/admin/hours/entries/${id}`, { method: 'DELETE' })).statusCode).toBe(
      204,
    );
    expect((await admin.request(`/api/admin/hours/entries/${id}`, { method: 'DELETE' })).statusCode).toBe(
      404,
    );
  });

  it('refuses an entry that overlaps another, even for a customer in another zone', async () => {
    const admin = await t.signedIn('tam@tidewatch.example');
    const first = await admin.request('/api/admin/hours/entries', {
      method: 'POST',
      body: entry({ start_minute: 10 * 60 }),
    });
    expect(first.statusCode).toBe(200);
    // Globex is in Berlin, the same offset as Copenhagen: 10:30 there is within 10:00–11:00 here.
    const clash = await admin.request('/api/admin/hours/entries', {
      method: 'POST',
      body: entry({ customer_id: 'globexco', start_minute: 10 * 60 + 30 }),
    });
    expect(clash.statusCode).toBe(409);
    expect(json(clash).message).toMatch(/overlaps your entry for Acme Corp on 2026-11-02, 10:00–11:00/);
    // The reader's client says it in their language from the catalog's id and the values.
    expect(json(clash)).toMatchObject({
      messageId: REFUSALS.entryOverlaps,
      values: { customer: 'Acme Corp', date: '2026-11-02', start: '10:00', end: '11:00' },
    });
    const backToBack = await admin.request('/api/admin/hours/entries', {
      method: 'POST',
      body: entry({ start_minute: 11 * 60 }),
    });
    expect(backToBack.statusCode).toBe(200);
  });

  it.each([
    ['a start off the 15-minute grid', { start_minute: 605 }, 'start_minute'],
    ['a duration past midnight', { start_minute: 23 * 60, minutes: 90 }, 'minutes'],
    ['no duration', { minutes: 0 }, 'minutes'],
    ['a subscription product', { product_id: 'gold-per-server' }, 'product_id'],
    ['an unknown product', { product_id: 'nothing' }, 'product_id'],
    ['an unknown customer', { customer_id: 'nosuchco' }, 'customer_id'],
    ['a future date', { date: '2026-11-20' }, 'date'],
    ['a date more than 24 months back', { date: '2024-10-31' }, 'date'],
    ['an impossible date', { date: '2026-02-30' }, 'date'],
    ['a NUL in the description', { description: 'a\u0000b' }, 'description'],
    ['an empty description', { description: '  ' }, 'description'],
  ])('refuses %s with a field error and stores nothing', async (_, overrides, field) => {
    const admin = await t.signedIn('admin@tidewatch.example');
    const before = json<TimeMonth>(await admin.request('/api/admin/hours/months/2026-11')).entries.length;
    const response = await admin.request('/api/admin/hours/entries', {
      method: 'POST',
      body: entry(overrides),
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(json<{ fieldErrors: Record<string, string[]> }>(response).fieldErrors)).toContain(
      field,
    );
    expect(json<TimeMonth>(await admin.request('/api/admin/hours/months/2026-11')).entries).toHaveLength(
      before,
    );
  });

  it("answers 404 for another employee's entry", async () => {
    const tam = await t.signedIn('tam@tidewatch.example');
    const { id } = json<TimeEntry>(
      await tam.request('/api/admin/hours/entries', {
        method: 'POST',
        body: entry({ start_minute: 14 * 60 }),
      }),
    );
    const admin = await t.signedIn('admin@tidewatch.example');
    expect((await admin.request(`/api/admin/hours/entries/${id}`, { method: 'DELETE' })).statusCode).toBe(
      404,
    );
    expect(
      (await admin.request(`/api/admin/hours/entries/${id}`, { method: 'PUT', body: entry() })).statusCode,
    ).toBe(404);
  });

  it('answers 400 for a malformed month or entry id', async () => {
    const admin = await t.signedIn('admin@tidewatch.example');
    expect((await admin.request('/api/admin/hours/months/2026-13')).statusCode).toBe(400);
    expect((await admin.request('/api/admin/hours/months/1899-01')).statusCode).toBe(400);
    expect(
      (await admin.request('/api/admin/hours/entries/not-a-uuid', { method: 'DELETE' })).statusCode,
    ).toBe(400);
  });
});

describe('who may reach time registration', () => {
  const ROUTES: [string, string][] = [
    ['GET', '/api/admin/hours/months/2026-10'],
    ['POST', '/api/admin/hours/entries'],
    ['POST', '/api/admin/hours/months/2026-10/submit'],
    ['GET', '/api/admin/hours/employees?month=2026-10'],
    ['GET', '/api/admin/hours/summary?month=2026-10'],
    ['GET', '/api/admin/hours/summary.csv?month=2026-10'],
  ];

  it.each([
    'manager@acme.example',
    'user@acme.example',
    'finance@tidewatch.example',
    'security@tidewatch.example',
  ])('refuses %s every route', async (email) => {
    const browser = await t.signedIn(email);
    for (const [method, url] of ROUTES) {
      const response = await browser.request(url, { method: method as 'GET' | 'POST', body: entry() });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('needs a session', async () => {
    expect((await t.browser().request('/api/admin/hours/months/2026-10')).statusCode).toBe(401);
  });

  it('lets the employee overview be read by approvers and tams, and nobody else', async () => {
    const tam = await t.signedIn('tam@tidewatch.example');
    const people = json<EmployeeMonth[]>(await tam.request('/api/admin/hours/employees?month=2026-10'));
    expect(people.map((person) => [person.name, person.status])).toEqual([
      ['Astrid Holm', 'submitted'],
      ['Bjørn Madsen', 'open'],
      ['Camilla Berg', 'approved'],
      ['Jonas Friis', 'approved'],
      ['Karen Juhl', 'approved'],
    ]);
    expect(people[0]?.minutes).toBeGreaterThan(0);
    const admin = await t.signedIn('admin@tidewatch.example');
    expect((await admin.request('/api/admin/hours/employees?month=2026-10')).statusCode).toBe(403);
  });

  it('lets only approvers decide, never on their own month', async () => {
    const astrid = await userIdOf('admin@tidewatch.example');
    const bjorn = await userIdOf('approver@tidewatch.example');
    const tam = await t.signedIn('tam@tidewatch.example');
    const decision = { method: 'POST' as const, body: { decision: 'approve' } };
    expect(
      (await tam.request(`/api/admin/hours/employees/${astrid}/months/2026-10/decision`, decision))
        .statusCode,
    ).toBe(403);
    const approver = await t.signedIn('approver@tidewatch.example');
    expect(
      (await approver.request(`/api/admin/hours/employees/${bjorn}/months/2026-10/decision`, decision))
        .statusCode,
    ).toBe(403);
  });
});

describe('handing in, approving and locking a month', () => {
  it('counts waiting months for approvers, not their own', async () => {
    const admin = await t.signedIn('admin@tidewatch.example');
    expect(json<number>(await admin.request('/api/admin/count/pending_approval'))).toBe(1);
    const approver = await t.signedIn('approver@tidewatch.example');
    expect(json<number>(await approver.request('/api/approver/count/pending_approval'))).toBe(1);
  });

  it('locks a handed-in month, takes a rejection with a comment, and locks an approved month for good', async () => {
    const astridId = await userIdOf('admin@tidewatch.example');
    const admin = await t.signedIn('admin@tidewatch.example');
    const october = json<TimeMonth>(await admin.request('/api/admin/hours/months/2026-10'));
    expect(october.status).toBe('submitted');
    const [first] = october.entries;
    if (!first) throw new Error('the demo has October entries');
    const { id, ...fields } = first;
    expect((await admin.request(`/api/admin/hours/entries/${id}`, { method: 'DELETE' })).statusCode).toBe(
      409,
    );
    expect(
      (
        await admin.request('/api/admin/hours/entries', {
          method: 'POST',
          body: entry({ date: '2026-10-31' }),
        })
      ).statusCode,
    ).toBe(409);

    const approver = await t.signedIn('approver@tidewatch.example');
    const decide = (body: object) =>
      approver.request(`/api/admin/hours/employees/${astridId}/months/2026-10/decision`, {
        method: 'POST',
        body,
      });
    expect((await decide({ decision: 'reject' })).statusCode).toBe(400);
    const rejected = await decide({ decision: 'reject', comment: 'Ticket references missing' });
    expect(json(rejected)).toMatchObject({ status: 'rejected', comment: 'Ticket references missing' });
    expect(json<number>(await approver.request('/api/approver/count/pending_approval'))).toBe(0);

    const edited = await admin.request(`/api/admin/hours/entries/${id}`, {
      method: 'PUT',
      body: { ...fields, ticket_ref: 'ACME-9' },
    });
    expect(edited.statusCode).toBe(200);
    expect(
      (await admin.request('/api/admin/hours/months/2026-10/submit', { method: 'POST' })).statusCode,
    ).toBe(200);
    expect(
      (await admin.request('/api/admin/hours/months/2026-10/submit', { method: 'POST' })).statusCode,
    ).toBe(409);
    expect(json(await decide({ decision: 'approve' }))).toMatchObject({ status: 'approved' });
    expect((await decide({ decision: 'reject', comment: 'Too late' })).statusCode).toBe(409);
    expect((await admin.request(`/api/admin/hours/entries/${id}`, { method: 'DELETE' })).statusCode).toBe(
      409,
    );
    expect(
      (await admin.request('/api/admin/hours/months/2026-10/submit', { method: 'POST' })).statusCode,
    ).toBe(409);
  });

  it('refuses to hand in a month without entries', async () => {
    const approver = await t.signedIn('approver@tidewatch.example');
    expect(
      (await approver.request('/api/admin/hours/months/2025-01/submit', { method: 'POST' })).statusCode,
    ).toBe(409);
  });
});

describe('the summary', () => {
  it("bills a customer's approved time by level, free time first, and exports it as CSV", async () => {
    const admin = await t.signedIn('admin@tidewatch.example');
    const summary = json<TimeSummary>(await admin.request('/api/admin/hours/summary?month=2026-09'));
    const acme = summary.customers.find((customer) => customer.customer_id === 'acmecorp');
    expect(acme?.levels.length).toBeGreaterThan(0);
    expect(acme?.free_minutes_used).toBe(acme?.free_minutes_included);
    expect(acme?.total_eur).toBeGreaterThan(0);
    expect(summary.total_eur).toBeCloseTo(
      summary.customers.reduce((sum, customer) => sum + customer.total_eur, 0),
      2,
    );
    const csv = await admin.request('/api/admin/hours/summary.csv?month=2026-09');
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const [header, ...rows] = csv.body.trim().split('\n');
    expect(header).toBe(
      'month,customer_id,customer,plan,level,worked_minutes,billed_minutes,business_minutes,outside_minutes,free_minutes,charged_minutes,amount_eur',
    );
    expect(rows.some((row) => row.startsWith('2026-09,acmecorp,Acme Corp,'))).toBe(true);
  });

  it('leaves time of months not yet approved out of the bill', async () => {
    const admin = await t.signedIn('admin@tidewatch.example');
    const summary = json<TimeSummary>(await admin.request('/api/admin/hours/summary?month=2026-11'));
    for (const customer of summary.customers) expect(customer.total_eur).toBe(0);
  });
});

type Refusal = { message: string; fieldErrors: Record<string, string[]> };

/** Posts non-billable entries for one date as the signed-in person, each with its own fields. */
const entriesOn = (person: TestBrowser, date: string) => (overrides: Record<string, unknown>) =>
  person.request('/api/admin/hours/entries', {
    method: 'POST',
    body: entry({ date, billable: false, ...overrides }),
  });

describe('entries on the nights the clocks change (Europe/Copenhagen)', () => {
  it('refuses a start in the hour skipped for summer time, and never reports it as an overlap', async () => {
    const post = entriesOn(await t.signedIn('tam@tidewatch.example'), '2026-03-29');
    for (const start_minute of [2 * 60, 2 * 60 + 45]) {
      const skipped = await post({ start_minute });
      expect(skipped.statusCode).toBe(400);
      expect(json<Refusal>(skipped).fieldErrors.start_minute).toEqual([
        'This time does not exist: the clocks skip this hour that night for summer time',
      ]);
    }
    // An hour from 01:00 ends as the clocks show 03:00: the next entry starts there, back to back.
    expect((await post({ start_minute: 60, minutes: 60 })).statusCode).toBe(200);
    expect((await post({ start_minute: 3 * 60, minutes: 60 })).statusCode).toBe(200);
    const clash = await post({ start_minute: 0, minutes: 90 });
    expect(clash.statusCode).toBe(409);
    expect(json<Refusal>(clash).fieldErrors.start_minute?.[0]).toMatch(/on 2026-03-29, 01:00–03:00$/);
  });

  it('counts the hour that comes twice once in each entry that spans it, with no phantom overlap', async () => {
    const post = entriesOn(await t.signedIn('approver@tidewatch.example'), '2026-10-25');
    // Three hours worked from 01:00 end as the clocks show 03:00 the second time.
    expect((await post({ start_minute: 60, minutes: 180 })).statusCode).toBe(200);
    expect((await post({ start_minute: 3 * 60, minutes: 60 })).statusCode).toBe(200);
    const clash = await post({ start_minute: 2 * 60 + 30, minutes: 15 });
    expect(clash.statusCode).toBe(409);
    expect(json<Refusal>(clash).fieldErrors.start_minute?.[0]).toMatch(/on 2026-10-25, 01:00–03:00$/);
  });
});

describe('writes that race', () => {
  it('stores one of ten identical entries sent at once and refuses the others as overlapping', async () => {
    const tam = await t.signedIn('tam@tidewatch.example');
    const body = entry({ date: '2026-11-01', start_minute: 7 * 60, billable: false });
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => tam.request('/api/admin/hours/entries', { method: 'POST', body })),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([
      200,
      ...Array<number>(9).fill(409),
    ]);
    for (const refused of responses.filter((response) => response.statusCode === 409)) {
      expect(json<Refusal>(refused).fieldErrors.start_minute?.[0]).toMatch(
        /overlaps your entry for Acme Corp on 2026-11-01, 07:00–08:00$/,
      );
    }
    const month = json<TimeMonth>(await tam.request('/api/admin/hours/months/2026-11'));
    expect(month.entries.filter((row) => row.date === '2026-11-01')).toHaveLength(1);
  });

  it('stores one of the same hour sent at once as dates of two months, in two zones', async () => {
    const { db } = t.database;
    // In Reykjavik (UTC all year) 22:00 on 30 June is midnight on 1 July in Copenhagen.
    await db.update(customers).set({ timezone: 'Atlantic/Reykjavik' }).where(eq(customers.id, 'globexco'));
    try {
      const tam = await t.signedIn('tam@tidewatch.example');
      const bodies = Array.from({ length: 10 }, (_, index) =>
        index % 2
          ? entry({ date: '2026-07-01', start_minute: 0, billable: false })
          : entry({ customer_id: 'globexco', date: '2026-06-30', start_minute: 22 * 60, billable: false }),
      );
      const responses = await Promise.all(
        bodies.map((body) => tam.request('/api/admin/hours/entries', { method: 'POST', body })),
      );
      expect(responses.map((response) => response.statusCode).sort()).toEqual([
        200,
        ...Array<number>(9).fill(409),
      ]);
      for (const refused of responses.filter((response) => response.statusCode === 409)) {
        expect(json<Refusal>(refused).fieldErrors.start_minute?.[0]).toMatch(/^This overlaps your entry for/);
      }
    } finally {
      await db.update(customers).set({ timezone: 'Europe/Berlin' }).where(eq(customers.id, 'globexco'));
    }
  });

  it('stores no entry in a month after it is handed in, whatever the order', async () => {
    const tam = await t.signedIn('tam@tidewatch.example');
    const post = (start_minute: number) =>
      tam.request('/api/admin/hours/entries', {
        method: 'POST',
        body: entry({ date: '2026-06-02', start_minute, billable: false }),
      });
    expect((await post(0)).statusCode).toBe(200);
    const hours = Array.from({ length: 10 }, (_, index) => (index + 1) * 60);
    const [handIn, ...entries] = await Promise.all([
      tam.request('/api/admin/hours/months/2026-06/submit', { method: 'POST' }),
      ...hours.map(post),
    ]);
    expect(handIn?.statusCode).toBe(200);
    for (const response of entries) expect([200, 409]).toContain(response.statusCode);
    // Row versions grow with each writing transaction: an entry newer than the month's row came after it.
    const { rows } = (await t.database.db.execute(sql`
      select count(*)::int as late from time_entries e
      join time_months m on m.employee_id = e.employee_id and m.month = '2026-06'
      where e.employee_id = ${await userIdOf('tam@tidewatch.example')}
        and e.date between '2026-06-01' and '2026-06-30'
        and e.xmin::text::bigint > m.xmin::text::bigint`)) as unknown as { rows: { late: number }[] };
    expect(rows[0]?.late).toBe(0);
  });
});
