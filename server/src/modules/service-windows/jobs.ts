import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import type { Mailer } from '../mail';
import { serviceWindowNoticeMail } from '../mail';
import { advanceWindows } from './repository/booking';
import { claimDueNotices, noticeOf } from './repository/notices';
import { expandAllGroups } from './service';

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
    await mailer.queue(
      notice.emails.map((email) =>
        serviceWindowNoticeMail(notice.language, {
          to: email,
          group: notice.group,
          startsAt: window.startsAt,
          endsAt: window.endsAt,
          timezone: window.timezone,
          rebootAllowed: window.rebootAllowed,
          targets: notice.targets,
          bookingsUrl: `${publicUrl}/customer/service-window/bookings`,
        }),
      ),
      log.child({ windowId: window.id }),
    );
  }
  return due.length;
}

/** Books ahead every hour, moves windows along and sends notices every minute, while the app runs. */
export function scheduleServiceWindowJobs(app: FastifyInstance, publicUrl: string) {
  const { db } = app;
  const runJobs = async () => {
    const now = app.now();
    await advanceWindows(db, now);
    await sendWindowNotices(db, app.mailer, app.log, now, publicUrl);
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
