import { windowOutcome } from '@tidewatch/domain';
import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../../db/client';
import {
  contacts,
  contactTags,
  customers,
  type ServiceWindowRow,
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

/** What a group's notice says and whom it goes to: the group's contacts, in the customer's language. */
export async function noticeOf(db: Database, window: ServiceWindowRow & { tagId: string }) {
  const [group, customer, people, targets] = await Promise.all([
    db.select({ name: tags.name }).from(tags).where(eq(tags.id, window.tagId)),
    db
      .select({ language: customers.billingLanguage })
      .from(customers)
      .where(eq(customers.id, window.customerId)),
    db
      .select({ email: contacts.email })
      .from(contactTags)
      .innerJoin(contacts, eq(contacts.id, contactTags.contactId))
      .where(eq(contactTags.tagId, window.tagId)),
    coveredCertnames(db, window.id),
  ]);
  return {
    group: group[0]?.name ?? '',
    language: customer[0]?.language ?? 'en',
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
