import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import type { ServiceWindowRow } from '../../db/schema';
import type { Mail, Mailer } from '../mail';
import { serviceWindowNoticeMail, serviceWindowOutcomeMail } from '../mail';
import { advanceWindows } from './events';
import { windowInvite } from './invite';
import {
  claimDueNotices,
  claimEndedWindows,
  claimInvites,
  type InviteSnapshot,
  invitesBehind,
  invitesToCancel,
  noticeOf,
  outcomeOf,
  readerOf,
} from './repository/notices';
import { expandAllGroups } from './service';

/** Queues one mail to each of a window's contacts, logged with the window. */
function mailContacts(
  mailer: Mailer,
  log: FastifyInstance['log'],
  windowId: string,
  emails: string[],
  mailTo: (to: string) => Mail,
) {
  return mailer.queue(emails.map(mailTo), log.child({ windowId }));
}

/** A word of a window to some of its contacts: what it names, and what it is. */
interface WindowWord {
  word: 'notice' | 'changed' | 'cancelled';
  method: 'REQUEST' | 'CANCEL';
  snapshot: InviteSnapshot;
  rebootAllowed: boolean;
  targets: string[];
  emails: string[];
}

/**
 * Tells a window's group contacts of it with a calendar invitation: its notice `notice_minutes`
 * before it starts, its new version when a contact was invited to an older one, and its
 * cancellation when it is dropped or every machine in it is exempted. Each contact is claimed for
 * each version once (decision 0095), so replicas never send one twice. Answers how many mails.
 */
export async function sendWindowNotices(
  db: Database,
  mailer: Mailer,
  log: FastifyInstance['log'],
  now: Date,
  publicUrl: string,
) {
  const bookingsUrl = `${publicUrl}/customer/service-window/bookings`;
  let sent = 0;
  async function tell({ word, method, snapshot, rebootAllowed, targets, emails }: WindowWord) {
    const claimed = await claimInvites(db, snapshot, emails, method, now);
    if (!claimed.length) return;
    const reader = await readerOf(db, snapshot.customerId);
    await mailContacts(mailer, log, snapshot.windowId, claimed, (to) =>
      serviceWindowNoticeMail(reader.language, {
        word,
        to,
        group: snapshot.groupName,
        startsAt: snapshot.startsAt,
        endsAt: snapshot.endsAt,
        timezone: snapshot.timezone,
        readerZone: reader.zone,
        rebootAllowed,
        targets,
        bookingsUrl,
        calendar: {
          method,
          content: windowInvite({
            method,
            windowId: snapshot.windowId,
            sequence: snapshot.sequence,
            group: snapshot.groupName,
            startsAt: snapshot.startsAt,
            endsAt: snapshot.endsAt,
            timezone: snapshot.timezone,
            to,
            description: targets.join('\n'),
            publicUrl,
            sentAt: now,
          }),
        },
      }),
    );
    sent += claimed.length;
  }
  const snapshotOf = (window: ServiceWindowRow, groupName: string): InviteSnapshot => ({
    windowId: window.id,
    customerId: window.customerId,
    sequence: window.sequence,
    groupName,
    startsAt: window.startsAt,
    endsAt: window.endsAt,
    timezone: window.timezone,
  });
  async function tellOfWindow(word: 'notice' | 'changed', window: ServiceWindowRow, emails?: string[]) {
    if (!window.tagId) return;
    const notice = await noticeOf(db, { ...window, tagId: window.tagId });
    await tell({
      word,
      method: 'REQUEST',
      snapshot: snapshotOf(window, notice.group),
      rebootAllowed: window.rebootAllowed,
      targets: notice.targets,
      emails: emails ?? notice.emails,
    });
  }

  for (const window of await claimDueNotices(db, now)) await tellOfWindow('notice', window);
  for (const { first, emails } of await invitesBehind(db, now))
    await tellOfWindow('changed', first.window, emails);
  for (const { first, emails } of await invitesToCancel(db, now)) {
    await tell({
      word: 'cancelled',
      method: 'CANCEL',
      // A cancellation is the window's newest word.
      snapshot: { ...first.invite, sequence: first.invite.sequence + 1 },
      rebootAllowed: false,
      targets: [],
      emails,
    });
  }
  return sent;
}

/** A window's outcome is sent within this long of its end, or not at all (after downtime, say). */
const OUTCOME_WITHIN_MS = 24 * 60 * 60_000;

/**
 * Tells each ended window's group contacts what it did: each machine's result, and the ones that
 * never reported; once, however many replicas run it (the claim is one update).
 */
export async function sendWindowOutcomes(
  db: Database,
  mailer: Mailer,
  log: FastifyInstance['log'],
  now: Date,
  publicUrl: string,
) {
  const ended = await claimEndedWindows(db, now, OUTCOME_WITHIN_MS);
  for (const window of ended) {
    const { tagId } = window;
    if (!tagId) continue;
    const [notice, outcome, reader] = await Promise.all([
      noticeOf(db, { ...window, tagId }),
      outcomeOf(db, window.id),
      readerOf(db, window.customerId),
    ]);
    if (Object.values(outcome).every((machines) => machines.length === 0)) continue;
    // The group's past windows, latest first: this one leads the list.
    const windowUrl = `${publicUrl}/customer/service-window/bookings?group=${tagId}&period=past`;
    await mailContacts(mailer, log, window.id, notice.emails, (to) =>
      serviceWindowOutcomeMail(reader.language, {
        to,
        group: notice.group,
        startsAt: window.startsAt,
        endsAt: window.endsAt,
        timezone: window.timezone,
        outcome,
        windowUrl,
      }),
    );
  }
  return ended.length;
}

/** Books ahead every hour, moves windows along and sends notices every minute, while the app runs. */
export function scheduleServiceWindowJobs(app: FastifyInstance, publicUrl: string) {
  const { db } = app;
  const runJobs = async () => {
    const now = app.now();
    await advanceWindows(db, now);
    await sendWindowNotices(db, app.mailer, app.log, now, publicUrl);
    await sendWindowOutcomes(db, app.mailer, app.log, now, publicUrl);
  };
  const book = () => expandAllGroups(db, app.now());
  const fail = (job: string) => (error: unknown) => app.log.error({ err: error }, `${job} failed`);
  // Every replica may run them: bookings are unique per group and day, notices are claimed atomically.
  const minutely = setInterval(() => runJobs().catch(fail('service-window job')), 60_000);
  const hourly = setInterval(() => book().catch(fail('service-window booking')), 60 * 60_000);
  minutely.unref();
  hourly.unref();
  app.addHook('onReady', async () => {
    await book().catch(fail('service-window booking'));
  });
  app.addHook('onClose', async () => {
    clearInterval(minutely);
    clearInterval(hourly);
  });
}
