import type {
  Exemption,
  Proposal,
  ServiceWindow,
  WindowConfiguration,
  WindowSettings,
} from '@tidewatch/contract';
import { and, eq, inArray, isNull, lt } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, describe, expect, it } from 'vitest';
import { startSmtpCapture } from '../../tests/support/smtp-capture';
import { customers, servers, serviceWindows, serviceWindowTargets } from '../src/db/schema';
import { hashSecret } from '../src/modules/agent/tokens';
import { advanceWindows } from '../src/modules/service-windows';
import { sendWindowNotices, sendWindowOutcomes } from '../src/modules/service-windows/jobs';
import { expandAllGroups } from '../src/modules/service-windows/service';
import { json, useTestApp } from './helpers';

const smtp = await startSmtpCapture();
const t = useTestApp({ SMTP_URL: smtp.url });
afterAll(() => smtp.close());

const ADMIN = 'admin@tidewatch.example';
const MEMBER = 'user@acme.example';
const MANAGER = 'manager@acme.example';
const GLOBEX = 'manager@globex.example';
const base = '/api/customer/acmecorp';

type Page<T> = { data: T[]; next_cursor: string | null; total: number | null };

async function configurations(email = ADMIN, customer = 'acmecorp') {
  const browser = await t.signedIn(email);
  return json<{ data: WindowConfiguration[] }>(
    await browser.request(`/api/customer/${customer}/service-window/configurations`),
  ).data;
}

async function groupId(name: string, customer = 'acmecorp') {
  const found = (await configurations(ADMIN, customer)).find((item) => item.group.name === name);
  if (!found) throw new Error(`no group ${name}`);
  return found.group.id;
}

/** The group's next window that is only scheduled (or the one after, and so on, with `skip`). */
async function nextScheduledWindow(tagId: string, skip = 0) {
  const [next] = await t.database.db
    .select()
    .from(serviceWindows)
    .where(and(eq(serviceWindows.tagId, tagId), eq(serviceWindows.status, 'scheduled')))
    .orderBy(serviceWindows.startsAt)
    .offset(skip)
    .limit(1);
  if (!next) throw new Error('the group has no coming window');
  return next;
}

async function count(kind: string, email = MEMBER, customer = 'acmecorp') {
  const browser = await t.signedIn(email);
  return json<number>(await browser.request(`/api/count/${kind}/${customer}`));
}

const saturdayEvening: WindowSettings = {
  weekdays: [6],
  start: '20:00',
  duration_minutes: 120,
  timezone: 'Europe/Copenhagen',
  reboot_allowed: true,
  applies_to: 'both',
  notice_minutes: 60,
};

/** Gives a server of the group an agent credential, as registering does. */
async function agentOf(certname: string) {
  const credential = `twa_test-${certname.replace(/\W/g, '-')}`;
  await t.database.db
    .update(servers)
    .set({ agentCredentialHash: hashSecret(credential) })
    .where(eq(servers.certname, certname));
  return { authorization: `Bearer ${credential}` };
}

describe('demo service windows', () => {
  it('configures every update group and books past and coming windows', async () => {
    const items = await configurations(MEMBER);
    expect(items.map((item) => [item.group.name, item.version, item.settings?.start])).toEqual([
      ['monthly-patching', 1, '04:00'],
      ['weekly-patching', 1, '02:00'],
    ]);
    expect(
      items.find((item) => item.group.name === 'weekly-patching')?.members.servers.length,
    ).toBeGreaterThan(0);
    const browser = await t.signedIn(MEMBER);
    const past = json<Page<ServiceWindow>>(await browser.request(`${base}/service-windows?status=closed`));
    const coming = json<Page<ServiceWindow>>(
      await browser.request(`${base}/service-windows?status=scheduled`),
    );
    expect(past.total).toBeGreaterThan(3);
    expect(coming.total).toBeGreaterThan(8);
    expect(past.data[0]?.targets.some((target) => target.comment?.includes('packages updated'))).toBe(true);
  });

  it('counts one pending exemption, one pending proposal and an open window', async () => {
    expect(await count('service_window_exemption')).toBe(1);
    expect(await count('service_window_update_config')).toBe(1);
    expect(await count('open_service_window')).toBe(1);
    expect(await count('open_service_window', GLOBEX, 'globexco')).toBe(0);
    const admin = await t.signedIn(ADMIN);
    expect(json<number>(await admin.request('/api/admin/count/open_service_window'))).toBe(1);
  });
});

describe('roles', () => {
  it('lets non-admins propose and only staff configure, answer and book', async () => {
    const weekly = await groupId('weekly-patching');
    const proposal = { tag_id: weekly, settings: saturdayEvening, note: '' };
    const member = await t.signedIn(MEMBER);
    const manager = await t.signedIn(MANAGER);
    const admin = await t.signedIn(ADMIN);
    expect(
      (await admin.request(`${base}/service-window/proposals`, { method: 'POST', body: proposal }))
        .statusCode,
    ).toBe(403);
    expect(
      (await manager.request(`${base}/service-window/proposals`, { method: 'POST', body: proposal }))
        .statusCode,
    ).toBe(200);
    const made = json<Proposal>(
      await member.request(`${base}/service-window/proposals`, { method: 'POST', body: proposal }),
    );
    expect(made).toMatchObject({ status: 'pending', proposed_by: { email: MEMBER } });
    for (const browser of [member, manager]) {
      expect(
        (
          await browser.request(`${base}/service-window/configurations/${weekly}`, {
            method: 'PUT',
            body: saturdayEvening,
          })
        ).statusCode,
      ).toBe(403);
      expect(
        (
          await browser.request(`${base}/service-window/proposals/${made.id}/resolution`, {
            method: 'POST',
            body: { decision: 'accept' },
          })
        ).statusCode,
      ).toBe(403);
      expect(
        (
          await browser.request(`${base}/service-windows`, {
            method: 'POST',
            body: {
              tag_id: weekly,
              starts_at_local: '2026-12-01T10:00',
              timezone: 'UTC',
              duration_minutes: 60,
            },
          })
        ).statusCode,
      ).toBe(403);
    }
    const rejected = json<Proposal>(
      await admin.request(`${base}/service-window/proposals/${made.id}/resolution`, {
        method: 'POST',
        body: { decision: 'reject', comment: 'Saturdays are release days' },
      }),
    );
    expect(rejected).toMatchObject({ status: 'rejected', resolution_comment: 'Saturdays are release days' });
    const again = await admin.request(`${base}/service-window/proposals/${made.id}/resolution`, {
      method: 'POST',
      body: { decision: 'accept' },
    });
    expect(again.statusCode).toBe(409);
  });

  it("keeps every customer's windows to itself", async () => {
    const globex = await t.signedIn(GLOBEX);
    const weekly = await groupId('weekly-patching');
    const admin = await t.signedIn(ADMIN);
    const [window] = json<Page<ServiceWindow>>(
      await admin.request(`${base}/service-windows?status=scheduled&limit=1`),
    ).data;
    const [exemption] = json<Page<Exemption>>(await admin.request(`${base}/service-window/exemptions`)).data;
    const [proposal] = json<Page<Proposal>>(
      await admin.request(`${base}/service-window/proposals?status=pending`),
    ).data;
    const reads = [
      '/service-window/configurations',
      `/service-window/configurations/${weekly}/versions`,
      '/service-window/proposals',
      '/service-windows',
      '/service-window/exemptions',
      '/service-window/calendar-feed',
    ];
    for (const path of reads) expect((await globex.request(`${base}${path}`)).statusCode).toBe(404);
    const writes: [string, 'POST' | 'PUT' | 'DELETE', unknown][] = [
      ['/service-window/proposals', 'POST', { tag_id: weekly, settings: saturdayEvening }],
      ['/service-window/exemptions', 'POST', { window_id: window?.id, reason: 'mine now' }],
      ['/service-window/calendar-feed', 'POST', undefined],
      ['/service-window/calendar-feed', 'DELETE', undefined],
    ];
    for (const [path, method, body] of writes) {
      expect((await globex.request(`${base}${path}`, { method, body })).statusCode).toBe(404);
    }
    // Staff naming the wrong customer find nothing either.
    const wrong = '/api/customer/globexco/service-window';
    expect(
      (
        await admin.request(`${wrong}/exemptions/${exemption?.id}/resolution`, {
          method: 'POST',
          body: { decision: 'accept' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await admin.request(`${wrong}/proposals/${proposal?.id}/resolution`, {
          method: 'POST',
          body: { decision: 'accept' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await admin.request(`${wrong}/configurations/${weekly}`, { method: 'PUT', body: saturdayEvening }))
        .statusCode,
    ).toBe(404);
  });
});

describe('proposals and bookings', () => {
  it('books by an accepted proposal as a new version, keeping windows someone asked to skip', async () => {
    const weekly = await groupId('weekly-patching');
    const member = await t.signedIn(MEMBER);
    const admin = await t.signedIn(ADMIN);
    const disputed = json<Page<Exemption>>(
      await admin.request(`${base}/service-window/exemptions?status=requested`),
    ).data[0];
    const made = json<Proposal>(
      await member.request(`${base}/service-window/proposals`, {
        method: 'POST',
        body: { tag_id: weekly, settings: saturdayEvening, note: 'Tuesdays are busy' },
      }),
    );
    expect(made.current?.weekdays).toEqual([2]);
    const before = await count('service_window_update_config');
    const accepted = json<Proposal>(
      await admin.request(`${base}/service-window/proposals/${made.id}/resolution`, {
        method: 'POST',
        body: { decision: 'accept', comment: 'Fine by us' },
      }),
    );
    expect(accepted.status).toBe('accepted');
    expect(await count('service_window_update_config')).toBe(before - 1);
    const versions = json<{
      data: { version: number; proposal_id: string | null; changed_by: { email: string } }[];
    }>(await member.request(`${base}/service-window/configurations/${weekly}/versions`)).data;
    expect(versions[0]).toMatchObject({ version: 2, proposal_id: made.id, changed_by: { email: ADMIN } });
    const coming = json<Page<ServiceWindow>>(
      await member.request(`${base}/service-windows?status=scheduled&tag_id=${weekly}&limit=200`),
    ).data;
    const local = (iso: string) =>
      new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Europe/Copenhagen',
        weekday: 'short',
        hour: '2-digit',
        minute: '2-digit',
      }).format(new Date(iso));
    const kept = coming.filter((window) => window.id === disputed?.window.id);
    expect(kept).toHaveLength(1);
    const rebooked = coming.filter((window) => window.id !== disputed?.window.id);
    expect(rebooked.length).toBeGreaterThanOrEqual(7);
    for (const window of rebooked) expect(local(window.starts_at)).toBe('Sat 20:00');
  });

  it('expands again without adding or moving a window', async () => {
    const before = await t.database.db
      .select({ id: serviceWindows.id, startsAt: serviceWindows.startsAt })
      .from(serviceWindows);
    expect(await expandAllGroups(t.database.db, t.app.now())).toBe(0);
    const after = await t.database.db
      .select({ id: serviceWindows.id, startsAt: serviceWindows.startsAt })
      .from(serviceWindows);
    expect(after).toEqual(before);
  });

  it('refuses starts off the grid, forged cursors and unstorable text, changing nothing', async () => {
    const admin = await t.signedIn(ADMIN);
    const weekly = await groupId('weekly-patching');
    const bad = await admin.request(`${base}/service-window/configurations/${weekly}`, {
      method: 'PUT',
      body: { ...saturdayEvening, start: '20:10', weekdays: [] },
    });
    expect(bad.statusCode).toBe(400);
    expect(json<{ fieldErrors: Record<string, string[]> }>(bad).fieldErrors).toHaveProperty('start');
    expect(
      (
        await admin.request(`${base}/service-windows`, {
          method: 'POST',
          body: {
            tag_id: weekly,
            starts_at_local: '2026-02-30T10:00',
            timezone: 'UTC',
            duration_minutes: 60,
          },
        })
      ).statusCode,
    ).toBe(400);
    expect((await admin.request(`${base}/service-windows?cursor=bm9wZQ`)).statusCode).toBe(400);
    const [window] = json<Page<ServiceWindow>>(
      await admin.request(`${base}/service-windows?status=scheduled&limit=1`),
    ).data;
    expect(
      (
        await admin.request(`${base}/service-window/exemptions`, {
          method: 'POST',
          body: { window_id: window?.id, reason: 'null\u0000byte' },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      json<{ data: unknown[] }>(
        await admin.request(`${base}/service-window/configurations/${weekly}/versions`),
      ).data,
    ).toHaveLength(2);
  });
});

describe('ad-hoc windows, exemptions and the agent', () => {
  it("books a window, takes an approved exemption's targets out and the agent sees it", async () => {
    const admin = await t.signedIn(ADMIN);
    const member = await t.signedIn(MEMBER);
    const weekly = await groupId('weekly-patching');
    const [first, second] =
      (await configurations()).find((item) => item.group.id === weekly)?.members.servers ?? [];
    if (!first || !second) throw new Error('weekly-patching needs two servers');
    const agent = await agentOf(first);
    const inAnHour = new Date(t.app.now().getTime() + 3_600_000);
    const local = inAnHour
      .toISOString()
      .slice(0, 16)
      .replace(/:\d\d$/, ':00');
    const booked = json<ServiceWindow>(
      await admin.request(`${base}/service-windows`, {
        method: 'POST',
        body: {
          tag_id: weekly,
          certnames: [first, second],
          starts_at_local: local,
          timezone: 'UTC',
          duration_minutes: 60,
          reboot_allowed: true,
          note: 'Kernel fix',
        },
      }),
    );
    expect(booked).toMatchObject({ type: 'adhoc', status: 'scheduled', note: 'Kernel fix' });
    expect(booked.targets.map((target) => target.certname)).toEqual([first, second].sort());
    const before = json<{ open: boolean; next_start: string }>(
      await t.app.inject({ url: '/api/agent/service-window', headers: agent }),
    );
    expect(before).toMatchObject({ open: false, next_start: booked.starts_at });

    const exemptionsBefore = await count('service_window_exemption');
    const asked = json<Exemption>(
      await member.request(`${base}/service-window/exemptions`, {
        method: 'POST',
        body: { window_id: booked.id, certnames: [first], reason: 'Customer demo tomorrow' },
      }),
    );
    expect(asked).toMatchObject({ status: 'requested', all_targets: false, certnames: [first] });
    expect(await count('service_window_exemption')).toBe(exemptionsBefore + 1);
    const skipsOf = async () =>
      json<Page<ServiceWindow>>(
        await member.request(
          `${base}/service-windows?from=${encodeURIComponent(booked.starts_at)}&limit=200`,
        ),
      ).data.find((window) => window.id === booked.id)?.skip_requests;
    expect(await skipsOf()).toEqual({ requested: 1, approved: 0, rejected: 0 });
    const approved = json<Exemption>(
      await admin.request(`${base}/service-window/exemptions/${asked.id}/resolution`, {
        method: 'POST',
        body: { decision: 'accept', comment: 'Skipped' },
      }),
    );
    expect(approved.status).toBe('approved');
    expect(await skipsOf()).toEqual({ requested: 0, approved: 1, rejected: 0 });
    expect(await count('service_window_exemption')).toBe(exemptionsBefore);
    const after = json<{ next_start: string | null }>(
      await t.app.inject({ url: '/api/agent/service-window', headers: agent }),
    );
    expect(after.next_start).not.toBe(booked.starts_at);
    const [listed] = json<Page<ServiceWindow>>(
      await member.request(
        `${base}/service-windows?from=${encodeURIComponent(booked.starts_at)}&until=${encodeURIComponent(booked.ends_at)}`,
      ),
    ).data.filter((window) => window.id === booked.id);
    expect(listed?.targets.find((target) => target.certname === first)?.exempted).toBe(true);
    expect(listed?.skip_requests).toEqual({ requested: 0, approved: 1, rejected: 0 });
  });

  it.each([
    [
      'a start in the past',
      { starts_at_local: '2020-01-01T02:00' },
      'starts_at_local',
      'Choose a start that is still to come',
    ],
    ['a server named twice', { repeat: true }, 'certnames', 'Name each server or cluster once'],
  ])('refuses to book %s with a field error and books nothing', async (_, change, field, message) => {
    const admin = await t.signedIn(ADMIN);
    const [server] =
      (await configurations()).find((item) => item.group.name === 'weekly-patching')?.members.servers ?? [];
    if (!server) throw new Error('weekly-patching needs a server');
    const { data: before } = json<Page<ServiceWindow>>(await admin.request(`${base}/service-windows`));
    const response = await admin.request(`${base}/service-windows`, {
      method: 'POST',
      body: {
        certnames: 'repeat' in change ? [server, server] : [server],
        starts_at_local: 'starts_at_local' in change ? change.starts_at_local : '2027-01-02T02:00',
        timezone: 'UTC',
        duration_minutes: 60,
      },
    });
    expect(response.statusCode).toBe(400);
    expect(json<{ fieldErrors: Record<string, string[]> }>(response).fieldErrors[field]).toEqual([message]);
    const { data: after } = json<Page<ServiceWindow>>(await admin.request(`${base}/service-windows`));
    expect(after.map((window) => window.id)).toEqual(before.map((window) => window.id));
  });

  it('opens a window for its agents and closes it once every target reported; repeats are harmless', async () => {
    const admin = await t.signedIn(ADMIN);
    const monthly = await groupId('monthly-patching');
    const [first, second] =
      (await configurations()).find((item) => item.group.id === monthly)?.members.servers ?? [];
    if (!first || !second) throw new Error('monthly-patching needs two servers');
    const [agentA, agentB] = [await agentOf(first), await agentOf(second)];
    const start = new Date(t.app.now().getTime() + 2 * 3_600_000);
    const booked = json<ServiceWindow>(
      await admin.request(`${base}/service-windows`, {
        method: 'POST',
        body: {
          certnames: [first, second],
          starts_at_local: start
            .toISOString()
            .slice(0, 16)
            .replace(/:\d\d$/, ':00'),
          timezone: 'UTC',
          duration_minutes: 120,
        },
      }),
    );
    const early = await t.app.inject({
      method: 'POST',
      url: `/api/agent/service-window/${booked.id}/done`,
      headers: agentA,
      payload: { result: 'success' },
    });
    expect(early.statusCode).toBe(409);
    t.clock.advance(150 * 60_000);
    const openNow = json<{ open: boolean; window_id: string; reboot_allowed: boolean; timezone: string }>(
      await t.app.inject({ url: '/api/agent/service-window', headers: agentA }),
    );
    expect(openNow).toMatchObject({
      open: true,
      window_id: booked.id,
      reboot_allowed: false,
      timezone: 'UTC',
    });
    const done = async (headers: Record<string, string>, comment: string) =>
      json<{ status: string }>(
        await t.app.inject({
          method: 'POST',
          url: `/api/agent/service-window/${booked.id}/done`,
          headers,
          payload: { result: 'success', comment },
        }),
      );
    expect((await done(agentA, '12 packages updated')).status).toBe('open');
    expect((await done(agentA, 'again')).status).toBe('open');
    expect(
      json<{ open: boolean }>(await t.app.inject({ url: '/api/agent/service-window', headers: agentA })).open,
    ).toBe(false);
    expect((await done(agentB, '3 packages updated')).status).toBe('closed');
    const [row] = await t.database.db.select().from(serviceWindows).where(eq(serviceWindows.id, booked.id));
    expect(row?.status).toBe('closed');
    const unknown = await t.app.inject({
      url: '/api/agent/service-window',
      headers: { authorization: 'Bearer nope' },
    });
    expect(unknown.statusCode).toBe(401);
  });

  it("mails the group contacts once, the configured time before a window, in the customer's language", async () => {
    const monthly = await groupId('monthly-patching');
    const next = await nextScheduledWindow(monthly);
    const notify = (at: Date) =>
      sendWindowNotices(t.database.db, t.app.mailer, t.app.log, at, 'http://localhost:3000');
    const dueAt = next.startsAt.getTime() - next.noticeMinutes * 60_000;
    expect(await notify(new Date(dueAt - 60_000))).toBe(0);
    await t.database.db.update(customers).set({ billingLanguage: 'da' }).where(eq(customers.id, 'acmecorp'));
    expect(await notify(new Date(dueAt))).toBeGreaterThan(0);
    expect(await notify(new Date(dueAt + 60_000))).toBe(0);
    await t.app.mailer.drain();
    const notices = smtp.received.filter((mail) =>
      mail.subject.startsWith('Servicevindue for monthly-patching: '),
    );
    expect(notices.flatMap((mail) => mail.to)).toContain('priya.raman@acme.example');
    expect(notices[0]?.text).toContain('(Europe/London)');
    expect(notices[0]?.text).toContain('undtagelse i portalen');
    expect(notices[0]?.text).toMatch(/Genstart tilladt: (Ja|Nej)/);
    await t.database.db.update(customers).set({ billingLanguage: 'en' }).where(eq(customers.id, 'acmecorp'));
  });

  it('invites the contacts to a calendar event that follows the window: moved, then cancelled, each once', async () => {
    const monthly = await groupId('monthly-patching');
    // The window after the next: the tests around this one use the next.
    const next = await nextScheduledWindow(monthly, 1);
    const notify = (at: Date) =>
      sendWindowNotices(t.database.db, t.app.mailer, t.app.log, at, 'http://localhost:3000');
    const dueAt = next.startsAt.getTime() - next.noticeMinutes * 60_000;
    /** Each invitation to this window a contact got, parsed by ical.js (not the library that wrote it). */
    const invitations = async () => {
      await t.app.mailer.drain();
      return smtp.received
        .filter((mail) => mail.calendar?.content.includes(next.id))
        .map((mail) => {
          const calendar = new ICAL.Component(ICAL.parse(mail.calendar?.content ?? ''));
          const event = calendar.getFirstSubcomponent('vevent');
          if (!event) throw new Error('no event');
          return {
            to: mail.to,
            subject: mail.subject,
            text: mail.text,
            partMethod: mail.calendar?.method,
            method: calendar.getFirstPropertyValue('method'),
            uid: event.getFirstPropertyValue('uid'),
            sequence: event.getFirstPropertyValue('sequence'),
            status: event.getFirstPropertyValue('status'),
            tzid: event.getFirstProperty('dtstart')?.getParameter('tzid'),
            start: (event.getFirstPropertyValue('dtstart') as ICAL.Time).toString(),
            zones: calendar
              .getAllSubcomponents('vtimezone')
              .map((zone) => zone.getFirstPropertyValue('tzid')),
            attendee: event.getFirstPropertyValue('attendee'),
          };
        });
    };

    await notify(new Date(dueAt));
    const [first, ...others] = await invitations();
    expect(others.map((mail) => mail.to)).not.toContainEqual(first?.to);
    expect(first).toMatchObject({
      partMethod: 'REQUEST',
      method: 'REQUEST',
      uid: `${next.id}@localhost`,
      sequence: 0,
      status: 'CONFIRMED',
      tzid: 'Europe/London',
      zones: ['Europe/London'],
    });
    expect(first?.start).toMatch(/T04:00:00$/);
    expect(String(first?.attendee)).toMatch(/^mailto:.+@acme\.example$/i);
    // The mail says the time in the window's zone and in the customer's (Copenhagen).
    expect(first?.text).toMatch(/Starts, your time: .*\(Europe\/Copenhagen\)/);

    // An hour later: the same event, a newer version, to the contacts who had it, once.
    const admin = await t.signedIn(ADMIN);
    const monthlySettings = (await configurations()).find((item) => item.group.id === monthly)?.settings;
    expect(
      (
        await admin.request(`${base}/service-window/configurations/${monthly}`, {
          method: 'PUT',
          body: { ...monthlySettings, start: '05:00' },
        })
      ).statusCode,
    ).toBe(200);
    smtp.received.length = 0;
    expect(await notify(new Date(dueAt + 60_000))).toBe(others.length + 1);
    expect(await notify(new Date(dueAt + 120_000))).toBe(0);
    const moved = await invitations();
    expect(moved).toHaveLength(others.length + 1);
    expect(moved[0]).toMatchObject({ method: 'REQUEST', uid: `${next.id}@localhost`, sequence: 1 });
    expect(moved[0]?.start).toMatch(/T05:00:00$/);
    expect(moved[0]?.subject).toMatch(/^Service window for monthly-patching moved: /);

    // One machine exempted: fewer servers, a newer version, naming the rest only.
    const manager = await t.signedIn(MANAGER);
    const exempt = async (certnames?: string[]) => {
      const asked = json<Exemption>(
        await manager.request(`${base}/service-window/exemptions`, {
          method: 'POST',
          body: { window_id: next.id, reason: 'Freeze before the release', ...(certnames && { certnames }) },
        }),
      );
      await admin.request(`${base}/service-window/exemptions/${asked.id}/resolution`, {
        method: 'POST',
        body: { decision: 'accept', comment: 'Skipped' },
      });
    };
    const [spared] = await t.database.db
      .select({ certname: serviceWindowTargets.certname })
      .from(serviceWindowTargets)
      .where(eq(serviceWindowTargets.windowId, next.id))
      .orderBy(serviceWindowTargets.certname)
      .limit(1);
    if (!spared) throw new Error('no machine in the window');
    await exempt([spared.certname]);
    smtp.received.length = 0;
    expect(await notify(new Date(dueAt + 150_000))).toBe(others.length + 1);
    const fewer = await invitations();
    expect(fewer[0]).toMatchObject({ method: 'REQUEST', uid: `${next.id}@localhost`, sequence: 2 });
    expect(fewer[0]?.text).not.toContain(spared.certname);

    // Every machine exempted: the event is cancelled, once.
    await exempt();
    smtp.received.length = 0;
    expect(await notify(new Date(dueAt + 180_000))).toBe(others.length + 1);
    expect(await notify(new Date(dueAt + 240_000))).toBe(0);
    const cancelled = await invitations();
    expect(cancelled[0]).toMatchObject({
      partMethod: 'CANCEL',
      method: 'CANCEL',
      uid: `${next.id}@localhost`,
      sequence: 3,
      status: 'CANCELLED',
    });
    expect(cancelled[0]?.subject).toMatch(/^Service window for monthly-patching cancelled: /);
    await admin.request(`${base}/service-window/configurations/${monthly}`, {
      method: 'PUT',
      body: monthlySettings,
    });
  });
});

describe('the calendar feed', () => {
  it('serves the windows as iCalendar at a secret address until revoked', async () => {
    const manager = await t.signedIn(MANAGER);
    const member = await t.signedIn(MEMBER);
    expect(
      (await member.request(`${base}/service-window/calendar-feed`, { method: 'POST' })).statusCode,
    ).toBe(403);
    const made = json<{ url: string }>(
      await manager.request(`${base}/service-window/calendar-feed`, { method: 'POST' }),
    );
    expect(
      json<{ active: boolean }>(await member.request(`${base}/service-window/calendar-feed`)).active,
    ).toBe(true);
    const path = new URL(made.url).pathname;
    const feed = await t.app.inject({ url: path });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toMatch(/^text\/calendar/);
    const calendar = new ICAL.Component(ICAL.parse(feed.body));
    const events = calendar.getAllSubcomponents('vevent').map((event) => new ICAL.Event(event));
    const windows = await t.database.db
      .select({ id: serviceWindows.id })
      .from(serviceWindows)
      .where(
        and(eq(serviceWindows.customerId, 'acmecorp'), inArray(serviceWindows.type, ['automatic', 'adhoc'])),
      );
    expect(events.length).toBeGreaterThan(5);
    expect(events.length).toBeLessThanOrEqual(windows.length);
    expect(events[0]?.summary).toMatch(/^Service window/);
    expect(events[0]?.description).toMatch(/Time zone: /);
    await manager.request(`${base}/service-window/calendar-feed`, { method: 'DELETE' });
    expect((await t.app.inject({ url: path })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ url: '/api/service-window/calendar/not-a-token/windows.ics' })).statusCode,
    ).toBe(400);
  });
});

describe('the outcome of an ended window', () => {
  it("tells the group's contacts what each machine reported, once, in the customer's language", async () => {
    const report = (at: Date) =>
      sendWindowOutcomes(t.database.db, t.app.mailer, t.app.log, at, 'http://localhost:3000');
    // The demo's past windows were told of when they ended; the windows earlier tests ended are told now.
    const untoldPast = await t.database.db
      .select({ id: serviceWindows.id })
      .from(serviceWindows)
      .where(
        and(
          eq(serviceWindows.type, 'automatic'),
          lt(serviceWindows.endsAt, t.app.now()),
          isNull(serviceWindows.outcomeSentAt),
        ),
      );
    expect(untoldPast).toEqual([]);
    await report(t.app.now());

    const monthly = await groupId('monthly-patching');
    const next = await nextScheduledWindow(monthly);
    const targets = await t.database.db
      .select()
      .from(serviceWindowTargets)
      .where(eq(serviceWindowTargets.windowId, next.id))
      .orderBy(serviceWindowTargets.certname);
    const [failing, silent, ...updated] = targets;
    if (!failing || !silent || updated.length === 0) throw new Error('too few machines in the window');
    const reported = (at: number) => new Date(next.startsAt.getTime() + at * 60_000);
    await t.database.db
      .update(serviceWindowTargets)
      .set({ reportedAt: reported(10), result: 'failed', comment: 'dpkg was locked' })
      .where(eq(serviceWindowTargets.id, failing.id));
    await t.database.db
      .update(serviceWindowTargets)
      .set({ reportedAt: reported(20), result: 'success', comment: '12 packages updated' })
      .where(
        inArray(
          serviceWindowTargets.id,
          updated.map((target) => target.id),
        ),
      );

    // Still open: nothing to tell yet. Ended, with one machine silent: expired, and told once.
    const during = reported(30);
    await advanceWindows(t.database.db, during, [next.id]);
    expect(await report(during)).toBe(0);
    const after = new Date(next.endsAt.getTime() + 60_000);
    await advanceWindows(t.database.db, after, [next.id]);
    await t.database.db.update(customers).set({ billingLanguage: 'da' }).where(eq(customers.id, 'acmecorp'));
    // Two replicas at once: the claim lets one of them tell it.
    const claimed = await Promise.all([report(after), report(after)]);
    expect(claimed[0] + claimed[1]).toBe(1);
    expect(await report(new Date(after.getTime() + 60_000))).toBe(0);
    await t.app.mailer.drain();
    await t.database.db.update(customers).set({ billingLanguage: 'en' }).where(eq(customers.id, 'acmecorp'));

    const outcomes = smtp.received.filter((mail) =>
      mail.subject.startsWith('Hvad servicevinduet for monthly-patching gjorde: 1 fejlede'),
    );
    expect(outcomes.flatMap((mail) => mail.to)).toContain('priya.raman@acme.example');
    const text = outcomes[0]?.text ?? '';
    expect(text).toContain(`Fejlede (1): ${failing.certname} — dpkg was locked`);
    expect(text).toContain(`Aldrig rapporteret (1): ${silent.certname}\n`);
    expect(text).toContain(`Opdateret (${updated.length}):\n${updated[0]?.certname} — 12 packages updated`);
    expect(text).toContain(
      `http://localhost:3000/customer/service-window/bookings?group=${monthly}&period=past`,
    );
  });

  it('leaves a window that ended over a day ago untold', async () => {
    const weekly = await groupId('weekly-patching');
    const next = await nextScheduledWindow(weekly);
    const muchLater = new Date(next.endsAt.getTime() + 25 * 60 * 60_000);
    await advanceWindows(t.database.db, muchLater, [next.id]);
    expect(
      await sendWindowOutcomes(t.database.db, t.app.mailer, t.app.log, muchLater, 'http://localhost:3000'),
    ).toBe(0);
  });
});
