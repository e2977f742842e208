import { windowOutcome } from '@tidewatch/domain';
import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../../db/client';
import {
  contacts,
  contactTags,
  customers,
  type ServiceWindowInviteRow,
  type ServiceWindowRow,
  serviceWindowInvites,
  serviceWindows,
  serviceWindowTargets,
  tags,
} from '../../../db/schema';
import type { WindowOutcome } from '../../mail';
import { coveredCertnames } from './windows';

/**
 * Claims the scheduled windows whose notice is due as of `now`; the claim is one update, so
 * replicas never claim a window twice.
 */
export function claimDueNotices(db: Database, now: Date): Promise<ServiceWindowRow[]> {
  return db
    .update(serviceWindows)
    .set({ noticeSentAt: now })
    .where(
      and(
        eq(serviceWindows.status, 'scheduled'),
        isNull(serviceWindows.noticeSentAt),
        gt(serviceWindows.noticeMinutes, 0),
        gt(serviceWindows.startsAt, now),
        lte(sql`${serviceWindows.startsAt} - make_interval(mins => ${serviceWindows.noticeMinutes})`, now),
      ),
    )
    .returning();
}

/** What a window's invitations name: its version, group and time. */
export type InviteSnapshot = Pick<
  ServiceWindowInviteRow,
  'windowId' | 'customerId' | 'sequence' | 'groupName' | 'startsAt' | 'endsAt' | 'timezone'
>;

/**
 * Claims the contacts to send this word of a window to: those never told of it, or told an older
 * version (a cancellation counts as the newest). One upsert that only a newer word passes, so a
 * contact is never told twice of one version, however many replicas run it. The addresses claimed.
 */
export async function claimInvites(
  db: Database,
  snapshot: InviteSnapshot,
  emails: string[],
  method: ServiceWindowInviteRow['method'],
  sentAt: Date,
): Promise<string[]> {
  if (!emails.length) return [];
  const claimed = await db
    .insert(serviceWindowInvites)
    .values([...new Set(emails)].map((email) => ({ ...snapshot, email, method, sentAt })))
    .onConflictDoUpdate({
      target: [serviceWindowInvites.windowId, serviceWindowInvites.email],
      set: {
        sequence: sql`excluded.sequence`,
        method: sql`excluded.method`,
        groupName: sql`excluded.group_name`,
        startsAt: sql`excluded.starts_at`,
        endsAt: sql`excluded.ends_at`,
        timezone: sql`excluded.timezone`,
        sentAt: sql`excluded.sent_at`,
      },
      setWhere: sql`${serviceWindowInvites.method} = 'REQUEST' and ${serviceWindowInvites.sequence} < excluded.sequence`,
    })
    .returning({ email: serviceWindowInvites.email });
  return claimed.map((row) => row.email);
}

/** A window still covers a machine nobody took out. */
const coversAMachine = (windowId: typeof serviceWindows.id) =>
  sql`exists (select 1 from ${serviceWindowTargets} t where t.window_id = ${windowId} and not t.exempted)`;

/** Windows to come whose contacts were invited to an older version: the window and those contacts. */
export async function invitesBehind(db: Database, now: Date) {
  const rows = await db
    .select({ window: serviceWindows, email: serviceWindowInvites.email })
    .from(serviceWindowInvites)
    .innerJoin(serviceWindows, eq(serviceWindows.id, serviceWindowInvites.windowId))
    .where(
      and(
        eq(serviceWindowInvites.method, 'REQUEST'),
        sql`${serviceWindowInvites.sequence} < ${serviceWindows.sequence}`,
        eq(serviceWindows.status, 'scheduled'),
        gt(serviceWindows.startsAt, now),
        coversAMachine(serviceWindows.id),
      ),
    );
  return groupByWindow(rows, (row) => row.window.id);
}

/**
 * Invitations to windows to come that no longer happen for their contacts: the window is gone (a
 * new configuration dropped its day) or every machine in it was taken out (approved exemptions).
 */
export async function invitesToCancel(db: Database, now: Date) {
  const rows = await db
    .select({ invite: serviceWindowInvites, email: serviceWindowInvites.email })
    .from(serviceWindowInvites)
    .leftJoin(serviceWindows, eq(serviceWindows.id, serviceWindowInvites.windowId))
    .where(
      and(
        eq(serviceWindowInvites.method, 'REQUEST'),
        gt(serviceWindowInvites.startsAt, now),
        sql`(${serviceWindows.id} is null or not ${coversAMachine(serviceWindows.id)})`,
      ),
    );
  return groupByWindow(rows, (row) => row.invite.windowId);
}

function groupByWindow<Row extends { email: string }>(rows: Row[], windowOf: (row: Row) => string) {
  const byWindow = new Map<string, { first: Row; emails: string[] }>();
  for (const row of rows) {
    const entry = byWindow.get(windowOf(row));
    if (entry) entry.emails.push(row.email);
    else byWindow.set(windowOf(row), { first: row, emails: [row.email] });
  }
  return [...byWindow.values()];
}

/** The language a customer's contacts are written in (they carry none) and the zone its people read times in. */
export async function readerOf(db: Database, customerId: string) {
  const [customer] = await db
    .select({ language: customers.billingLanguage, zone: customers.timezone })
    .from(customers)
    .where(eq(customers.id, customerId));
  return { language: customer?.language ?? 'en', zone: customer?.zone ?? 'UTC' };
}

/** What a group's notice says and whom it goes to: the group's contacts, and the machines it covers. */
export async function noticeOf(db: Database, window: ServiceWindowRow & { tagId: string }) {
  const [group, people, targets] = await Promise.all([
    db.select({ name: tags.name }).from(tags).where(eq(tags.id, window.tagId)),
    db
      .select({ email: contacts.email })
      .from(contactTags)
      .innerJoin(contacts, eq(contacts.id, contactTags.contactId))
      .where(eq(contactTags.tagId, window.tagId)),
    coveredCertnames(db, window.id),
  ]);
  return {
    group: group[0]?.name ?? '',
    emails: people.map((person) => person.email),
    targets,
  };
}

/**
 * Claims the update groups' windows that have ended (closed with every report in, or expired)
 * and whose outcome is not yet sent, as of `now`; one update, so replicas never claim a window
 * twice. A window that ended more than `within` ago is left alone: word of it would come too late.
 */
export function claimEndedWindows(db: Database, now: Date, within: number): Promise<ServiceWindowRow[]> {
  return db
    .update(serviceWindows)
    .set({ outcomeSentAt: now })
    .where(
      and(
        inArray(serviceWindows.status, ['closed', 'expired']),
        isNull(serviceWindows.outcomeSentAt),
        isNotNull(serviceWindows.tagId),
        gt(serviceWindows.endsAt, new Date(now.getTime() - within)),
      ),
    )
    .returning();
}

/** What each of the window's machines reported, by how they stand, in certname order. */
export async function outcomeOf(db: Database | Tx, windowId: string): Promise<WindowOutcome> {
  const targets = await db
    .select({
      certname: serviceWindowTargets.certname,
      exempted: serviceWindowTargets.exempted,
      result: serviceWindowTargets.result,
      comment: serviceWindowTargets.comment,
    })
    .from(serviceWindowTargets)
    .where(eq(serviceWindowTargets.windowId, windowId))
    .orderBy(asc(serviceWindowTargets.certname));
  return windowOutcome(targets);
}
