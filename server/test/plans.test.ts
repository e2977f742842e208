import type { PlanChangeResult, PlanSummary } from '@tidewatch/contract';
import { monthFraction, TRIAL_REMINDER_DAYS } from '@tidewatch/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customers, outbox } from '../src/db/schema';
import { runPlanJob } from '../src/modules/plans/job';
import { planPeriodsForMonth } from '../src/modules/plans/repository';
import { json, useTestApp } from './helpers';

const t = useTestApp();

const PLANS = '/customer/acmecorp/plans';
const summaryOf = async (email = 'manager@acme.example', path = PLANS) =>
  json<PlanSummary>(await (await t.financeCaller(email)).request(`${path}?limit=200`));
const itemOf = (summary: PlanSummary, certname: string) =>
  summary.data.find((item) => item.certname === certname);

async function change(email: string, body: object, path = PLANS) {
  const caller = await t.financeCaller(email);
  return caller.request(path, { method: 'POST', body });
}

describe('the plan list', () => {
  it('pages through servers and clusters by certname, each once, with the total on the first page', async () => {
    const caller = await t.financeCaller('manager@acme.example');
    const seen: string[] = [];
    let cursor: string | null = null;
    let first: PlanSummary | undefined;
    do {
      const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
      const page = json<PlanSummary>(await caller.request(`${PLANS}?limit=10${query}`));
      first ??= page;
      if (cursor) expect(page.total).toBeNull();
      seen.push(...page.data.map((item) => `${item.kind}:${item.certname}`));
      cursor = page.next_cursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toHaveLength(first?.total ?? -1);
    expect(seen.some((id) => id.startsWith('cluster:'))).toBe(true);
    // Pages join up into the one list in the database's order.
    const whole = json<PlanSummary>(await caller.request(`${PLANS}?limit=200`)).data;
    expect(seen).toEqual(whole.map((item) => `${item.kind}:${item.certname}`));
  });

  it('finds by part of a name or by one certname, and refuses a forged cursor', async () => {
    const caller = await t.financeCaller('manager@acme.example');
    const all = json<PlanSummary>(await caller.request(`${PLANS}?limit=200`)).data;
    const server = all.find((item) => item.kind === 'server');
    if (!server) throw new Error('Acme has servers');
    const found = json<PlanSummary>(await caller.request(`${PLANS}?q=${server.name.toUpperCase()}`));
    expect(found.data.map((item) => item.certname)).toContain(server.certname);
    expect(
      found.data.every((item) => `${item.certname} ${item.name}`.toLowerCase().includes(server.name)),
    ).toBe(true);
    const one = json<PlanSummary>(await caller.request(`${PLANS}?certname=${server.certname}`));
    expect(one).toMatchObject({ total: 1, next_cursor: null, data: [server] });
    const forged = await caller.request(`${PLANS}?cursor=${Buffer.from('["x", 1]').toString('base64url')}`);
    expect(forged.statusCode).toBe(400);
  });
});

describe('plan changes', () => {
  it('the demo shows a downgrade waiting for next month and periods since last month', async () => {
    const summary = await summaryOf();
    const waiting = summary.data.filter((item) => item.pending);
    expect(waiting).toHaveLength(1);
    expect(waiting[0]?.pending).toEqual({ plan: 'silver', effective_at: '2026-12-01T00:00:00.000Z' });
    const periods = await planPeriodsForMonth(t.database.db, 'acmecorp', '2026-10');
    expect(periods.length).toBeGreaterThan(0);
    expect(periods.every(({ periods: [first] }) => first && monthFraction(first, '2026-10') === 1)).toBe(
      true,
    );
  });

  it('an upgrade applies at once and starts a new period; a downgrade waits for the 1st', async () => {
    const target = (await summaryOf()).data.find((item) => item.kind === 'server' && item.plan === 'bronze');
    if (!target) throw new Error('the demo has a Bronze server at Acme');
    const up = await change('manager@acme.example', {
      kind: 'server',
      certname: target.certname,
      plan: 'gold',
    });
    expect(up.statusCode, up.body).toBe(200);
    expect(json<PlanChangeResult>(up)).toMatchObject({
      change: 'upgrade',
      effective_at: t.clock.now().toISOString(),
      item: { plan: 'gold', pending: null },
    });
    const november = await planPeriodsForMonth(t.database.db, 'acmecorp', '2026-11');
    const periods = november.find((entry) => entry.certname === target.certname)?.periods ?? [];
    expect(periods.map((period) => period.plan)).toEqual(['bronze', 'gold']);
    expect(periods[0]?.to).toEqual(t.clock.now());

    const down = await change('manager@acme.example', {
      kind: 'server',
      certname: target.certname,
      plan: 'silver',
    });
    expect(json<PlanChangeResult>(down)).toMatchObject({
      change: 'downgrade',
      effective_at: '2026-12-01T00:00:00.000Z',
      item: { plan: 'gold', pending: { plan: 'silver' } },
    });
    // Asking for the plan in force withdraws what waits.
    const keep = await change('manager@acme.example', {
      kind: 'server',
      certname: target.certname,
      plan: 'gold',
    });
    expect(json<PlanChangeResult>(keep).change).toBe('withdrawn');
    expect(itemOf(await summaryOf(), target.certname)?.pending).toBeNull();
  });

  it(`a trial is recalled by mail once, ${TRIAL_REMINDER_DAYS} days before it ends`, async () => {
    const { db } = t.database;
    // The demo's trial is in its last week and counts as reminded already.
    await db.update(customers).set({ trialRemindedAt: null }).where(eq(customers.id, 'globexco'));
    await db.delete(outbox).where(eq(outbox.kind, 'trial-ending'));
    const [globex] = await db.select().from(customers).where(eq(customers.id, 'globexco'));
    const endsAt = globex?.trialEndsAt ?? new Date();
    const daysBefore = (days: number) => new Date(endsAt.getTime() - days * 86_400_000);
    expect(
      (await runPlanJob(t.app, daysBefore(TRIAL_REMINDER_DAYS + 1), 'http://localhost:3000')).trialsReminded,
    ).toBe(0);
    expect(
      (await runPlanJob(t.app, daysBefore(TRIAL_REMINDER_DAYS - 1), 'http://localhost:3000')).trialsReminded,
    ).toBe(1);
    expect((await runPlanJob(t.app, daysBefore(1), 'http://localhost:3000')).trialsReminded).toBe(0);
    const mails = await db.select().from(outbox).where(eq(outbox.kind, 'trial-ending'));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toMatch(/^Your Tidewatch trial ends on \d{1,2} \w+ 2026$/);
    expect(mails[0]?.text).toContain('move to the Gold plan you chose at sign-up');
    expect(mails[0]?.text).toContain('http://localhost:3000/customer/plans');
  });

  it('a trial converts to the plan chosen at sign-up, once, and the customer is mailed', async () => {
    const [globex] = await t.database.db.select().from(customers).where(eq(customers.id, 'globexco'));
    expect(globex?.trialPlan).toBe('basic');
    const trialSummary = await summaryOf('manager@globex.example', '/customer/globexco/plans');
    expect(trialSummary.trial).toMatchObject({ plan: 'basic', converts_to: 'gold' });
    const after = new Date((globex?.trialEndsAt ?? new Date()).getTime() + 60_000);
    const first = await runPlanJob(t.app, after, 'http://localhost:3000');
    expect(first.trialsEnded).toBe(1);
    expect((await runPlanJob(t.app, after, 'http://localhost:3000')).trialsEnded).toBe(0);
    const mails = await t.database.db.select().from(outbox).where(eq(outbox.kind, 'trial-ended'));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('now on the Gold plan you chose at sign-up');
    const [converted] = await t.database.db.select().from(customers).where(eq(customers.id, 'globexco'));
    expect(converted).toMatchObject({ trialPlan: null, plan: 'gold' });
  });

  it('a cancellation ends support at the end of the period; the job applies it once', async () => {
    const target = (await summaryOf()).data.find((item) => item.kind === 'server' && item.plan === 'silver');
    if (!target) throw new Error('the demo has a Silver server at Acme');
    const cancel = await change('manager@acme.example', {
      kind: 'server',
      certname: target.certname,
      plan: null,
    });
    expect(json<PlanChangeResult>(cancel)).toMatchObject({
      change: 'cancellation',
      effective_at: '2026-12-01T00:00:00.000Z',
    });
    const december = new Date('2026-12-01T00:05:00Z');
    const first = await runPlanJob(t.app, december, 'http://localhost:3000');
    expect(first.applied).toBeGreaterThanOrEqual(2);
    const afterFirst = await planPeriodsForMonth(t.database.db, 'acmecorp', '2026-12');
    const second = await runPlanJob(t.app, december, 'http://localhost:3000');
    expect(second).toEqual({ applied: 0, trialsReminded: 0, trialsEnded: 0 });
    expect(await planPeriodsForMonth(t.database.db, 'acmecorp', '2026-12')).toEqual(afterFirst);
    const periods = afterFirst.find((entry) => entry.certname === target.certname)?.periods ?? [];
    expect(periods.every((period) => period.to?.toISOString() === '2026-12-01T00:00:00.000Z')).toBe(true);
    expect(itemOf(await summaryOf(), target.certname)).toMatchObject({ plan: null, pending: null });
  });

  it('plain users may read plans but not change them; staff admins may change any customer’s', async () => {
    const user = await t.financeCaller('user@acme.example');
    expect((await user.request(PLANS)).statusCode).toBe(200);
    const target = (await summaryOf()).data.find((item) => item.plan !== null);
    const body = { kind: target?.kind, certname: target?.certname, plan: 'platinum' };
    expect((await user.request(PLANS, { method: 'POST', body })).statusCode).toBe(403);
    expect((await change('finance@tidewatch.example', body)).statusCode).toBe(403);
    expect((await change('admin@tidewatch.example', body)).statusCode).toBe(200);
  });

  it('an unknown server is a 404 and the same plan with nothing waiting a 409', async () => {
    expect(
      (await change('manager@acme.example', { kind: 'server', certname: 'nope.acmecorp', plan: 'gold' }))
        .statusCode,
    ).toBe(404);
    const target = (await summaryOf()).data.find((item) => item.plan !== null && !item.pending);
    const same = await change('manager@acme.example', {
      kind: target?.kind,
      certname: target?.certname,
      plan: target?.plan,
    });
    expect(same.statusCode).toBe(409);
  });
});

describe('billing from the day a server joins to the month it leaves', () => {
  const target = { kind: 'server' as const, certname: 'billing-test.acmecorp' };
  const periodsOf = async (month: string) =>
    (await planPeriodsForMonth(t.database.db, 'acmecorp', month)).find(
      (entry) => entry.kind === target.kind && entry.certname === target.certname,
    )?.periods ?? [];

  it('starts a new server’s period when it is registered, and ends it with the month it is decommissioned in', async () => {
    const manager = await t.signedIn('manager@acme.example');
    const registered = await manager.request('/api/customer/acmecorp/install-tokens', {
      method: 'POST',
      body: { hostname: 'billing-test', plan: 'silver', roles: ['nginx'] },
    });
    expect(registered.statusCode, registered.body).toBe(200);
    expect(await periodsOf('2026-11')).toEqual([
      { plan: 'silver', from: t.clock.now(), to: null, trial: false },
    ]);

    const gone = await manager.request(`/api/customer/acmecorp/servers/${target.certname}`, {
      method: 'DELETE',
    });
    expect(gone.statusCode, gone.body).toBe(204);
    // The paid month runs out; nothing is billed after it.
    expect(await periodsOf('2026-11')).toEqual([
      { plan: 'silver', from: t.clock.now(), to: new Date('2026-12-01T00:00:00Z'), trial: false },
    ]);
    expect(await periodsOf('2026-12')).toEqual([]);

    t.clock.advance(60_000);
    const back = await manager.request('/api/customer/acmecorp/install-tokens', {
      method: 'POST',
      body: { hostname: 'billing-test', plan: 'gold', roles: ['nginx'] },
    });
    expect(back.statusCode, back.body).toBe(200);
    // Back before the month ran out: the old period ends now rather than overlapping the new one.
    const [old, current] = await periodsOf('2026-11');
    expect(old?.to).toEqual(t.clock.now());
    expect(current).toEqual({ plan: 'gold', from: t.clock.now(), to: null, trial: false });
  });
});
