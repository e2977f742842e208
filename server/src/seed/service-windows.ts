import { occurrencesBetween, type Weekday } from '@tidewatch/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../db/client';
import {
  contacts,
  contactTags,
  serviceWindowExemptions,
  serviceWindowProposals,
  serviceWindows,
  serviceWindowTargets,
  tags,
  users,
  type WindowSettings,
} from '../db/schema';
import { advanceWindows, applyConfiguration, expandGroup, groupMembers } from '../modules/service-windows';

const DAY_MS = 86_400_000;

/** Every demo update group's window: weekly on Tuesday night, monthly-style on Sundays, nightly. */
const CONFIGURATIONS: { customerId: string; group: string; settings: WindowSettings }[] = [
  {
    customerId: 'acmecorp',
    group: 'weekly-patching',
    settings: {
      weekdays: [2],
      start: '02:00',
      durationMinutes: 120,
      timezone: 'Europe/Copenhagen',
      rebootAllowed: true,
      appliesTo: 'both',
      noticeMinutes: 24 * 60,
    },
  },
  {
    customerId: 'acmecorp',
    group: 'monthly-patching',
    settings: {
      weekdays: [7],
      start: '04:00',
      durationMinutes: 180,
      timezone: 'Europe/London',
      rebootAllowed: false,
      appliesTo: 'servers',
      noticeMinutes: 48 * 60,
    },
  },
  {
    customerId: 'globexco',
    group: 'nightly',
    settings: {
      weekdays: [1, 2, 3, 4, 5],
      start: '23:30',
      durationMinutes: 60,
      timezone: 'Europe/Berlin',
      rebootAllowed: true,
      appliesTo: 'both',
      noticeMinutes: 0,
    },
  },
];

/**
 * Configurations for every update group with a month or more of windows behind them (closed ones with
 * the agents' reports, one expired) and eight weeks ahead, an ad-hoc window open now, one
 * exemption and one proposal waiting for staff.
 */
export async function seedServiceWindows(tx: Tx, now: Date): Promise<void> {
  const people = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, ['admin@tidewatch.example', 'user@acme.example', 'manager@globex.example']));
  const personId = (email: string) => people.find((person) => person.email === email)?.id ?? null;
  const groups = await tx.select().from(tags).where(eq(tags.type, 'update_group'));
  const groupOf = (customerId: string, name: string) => {
    const row = groups.find((group) => group.customerId === customerId && group.name === name);
    if (!row) throw new Error(`demo update group ${customerId}/${name}`);
    return row;
  };
  // Back to the start of last month at least, so its service report has windows to show.
  const monthAgo = new Date(
    Math.min(now.getTime() - 28 * DAY_MS, Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)),
  );

  for (const { customerId, group, settings } of CONFIGURATIONS) {
    const tag = groupOf(customerId, group);
    const members = await groupMembers(tx, tag.id, settings.appliesTo);
    const past = occurrencesBetween(
      { ...settings, weekdays: settings.weekdays as Weekday[] },
      monthAgo,
      now,
    ).filter((occurrence) => occurrence.endsAt <= now);
    const [oldest] = past;
    const booked = past.length
      ? await tx
          .insert(serviceWindows)
          .values(
            past.map((occurrence) => ({
              customerId,
              tagId: tag.id,
              type: 'automatic' as const,
              localDate: occurrence.localDate,
              startsAt: occurrence.startsAt,
              endsAt: occurrence.endsAt,
              timezone: settings.timezone,
              rebootAllowed: settings.rebootAllowed,
              noticeMinutes: settings.noticeMinutes,
              noticeSentAt: settings.noticeMinutes ? occurrence.startsAt : null,
              outcomeSentAt: occurrence.endsAt,
              // The oldest one ran out with a machine silent; the others closed with every report in.
              status: occurrence === oldest && members.length ? ('expired' as const) : ('closed' as const),
              createdAt: monthAgo,
            })),
          )
          .onConflictDoNothing()
          .returning()
      : [];
    if (booked.length && members.length) {
      await tx.insert(serviceWindowTargets).values(
        booked.flatMap((window) =>
          members.map((member, index) => {
            const silent = window.status === 'expired' && index === 0;
            return {
              windowId: window.id,
              ...member,
              reportedAt: silent ? null : new Date(window.startsAt.getTime() + (20 + index * 7) * 60_000),
              result: silent ? null : index % 4 === 3 ? ('skipped' as const) : ('success' as const),
              comment: silent
                ? null
                : index % 4 === 3
                  ? 'Nothing to update'
                  : `${8 + index * 3} packages updated${settings.rebootAllowed ? ', reboot done' : ''}`,
            };
          }),
        ),
      );
    }
    // Configured a month ago; booked from then up to eight weeks from now.
    await applyConfiguration(
      tx,
      { tagId: tag.id, customerId, settings, byId: personId('admin@tidewatch.example') },
      monthAgo,
    );
    await expandGroup(tx, tag.id, now);
  }

  await advanceWindows(tx, now);

  // Each Acme group's notices go to the people who look after its machines.
  const contactRows = await tx
    .select({ id: contacts.id, email: contacts.email })
    .from(contacts)
    .where(inArray(contacts.email, ['mads.kjaer@acme.example', 'priya.raman@acme.example']));
  const contactId = (email: string) => contactRows.find((contact) => contact.email === email)?.id ?? '';
  await tx.insert(contactTags).values([
    { contactId: contactId('mads.kjaer@acme.example'), tagId: groupOf('acmecorp', 'weekly-patching').id },
    { contactId: contactId('priya.raman@acme.example'), tagId: groupOf('acmecorp', 'monthly-patching').id },
  ]);

  // Staff booked an extra window for an OpenSSL fix on the monthly group's servers; it is open now.
  const urgent = groupOf('acmecorp', 'monthly-patching');
  const [adhoc] = await tx
    .insert(serviceWindows)
    .values({
      customerId: 'acmecorp',
      tagId: urgent.id,
      type: 'adhoc',
      startsAt: new Date(now.getTime() - 30 * 60_000),
      endsAt: new Date(now.getTime() + 90 * 60_000),
      timezone: 'Europe/London',
      rebootAllowed: true,
      note: 'OpenSSL security fix',
      status: 'open',
      createdAt: new Date(now.getTime() - 2 * DAY_MS),
      createdById: personId('admin@tidewatch.example'),
    })
    .returning();
  const urgentMembers = await groupMembers(tx, urgent.id, 'servers');
  if (adhoc) {
    await tx
      .insert(serviceWindowTargets)
      .values(urgentMembers.map((member) => ({ windowId: adhoc.id, ...member })));
  }

  // Grace asks to skip next week's patching for one server during a release freeze.
  const weekly = groupOf('acmecorp', 'weekly-patching');
  const [nextWeekly] = await tx
    .select()
    .from(serviceWindows)
    .where(and(eq(serviceWindows.tagId, weekly.id), eq(serviceWindows.status, 'scheduled')))
    .orderBy(serviceWindows.startsAt)
    .limit(1);
  const [firstTarget] = nextWeekly
    ? await tx
        .select({ certname: serviceWindowTargets.certname })
        .from(serviceWindowTargets)
        .where(eq(serviceWindowTargets.windowId, nextWeekly.id))
        .orderBy(serviceWindowTargets.certname)
        .limit(1)
    : [];
  if (nextWeekly && firstTarget) {
    await tx.insert(serviceWindowExemptions).values({
      customerId: 'acmecorp',
      windowId: nextWeekly.id,
      certnames: [firstTarget.certname],
      reason: 'Release freeze for the spring campaign: no changes on the shop this week',
      requestedAt: new Date(now.getTime() - 3 * 3_600_000),
      requestedById: personId('user@acme.example'),
    });
  }

  // …and proposes moving monthly patching to Saturday evening, with reboots.
  const monthly = groupOf('acmecorp', 'monthly-patching');
  await tx.insert(serviceWindowProposals).values({
    customerId: 'acmecorp',
    tagId: monthly.id,
    settings: {
      ...(CONFIGURATIONS[1]?.settings as WindowSettings),
      weekdays: [6],
      start: '20:00',
      rebootAllowed: true,
    },
    baseVersion: 1,
    note: 'Sunday mornings clash with our batch jobs',
    proposedAt: new Date(now.getTime() - 26 * 3_600_000),
    proposedById: personId('user@acme.example'),
  });
}
