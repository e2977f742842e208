import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import type { Mail, Mailer } from '../mail';
import { serviceWindowNoticeMail, serviceWindowOutcomeMail } from '../mail';
import { advanceWindows } from './events';
import { claimDueNotices, claimEndedWindows, noticeOf, outcomeOf } from './repository/notices';
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

/**
 * Sends each window's notice to its group's contacts once, `notice_minutes` before it starts;
 * the claim is one update, so replicas never send a notice twice.
 */
export async function sendWindowNotices(
  db: Database,
  mailer: Mailer,
  log: FastifyInstance['log'],
  now: Date,
  publicUrl: string,
) {
  const due = await claimDueNotices(db, now);
  for (const window of due) {
    const { tagId } = window;
    if (!tagId) continue;
    const notice = await noticeOf(db, { ...window, tagId });
    await mailContacts(mailer, log, window.id, notice.emails, (to) =>
      serviceWindowNoticeMail(notice.language, {
        to,
        group: notice.group,
        startsAt: window.startsAt,
        endsAt: window.endsAt,
        timezone: window.timezone,
        rebootAllowed: window.rebootAllowed,
        targets: notice.targets,
        bookingsUrl: `${publicUrl}/customer/service-window/bookings`,
      }),
    );
  }
  return due.length;
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
    const [notice, outcome] = await Promise.all([
      noticeOf(db, { ...window, tagId }),
      outcomeOf(db, window.id),
    ]);
    if (Object.values(outcome).every((machines) => machines.length === 0)) continue;
    // The group's past windows, latest first: this one leads the list.
    const windowUrl = `${publicUrl}/customer/service-window/bookings?group=${tagId}&period=past`;
    await mailContacts(mailer, log, window.id, notice.emails, (to) =>
      serviceWindowOutcomeMail(notice.language, {
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
