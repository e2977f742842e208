import { brand } from '@tidewatch/content';
import { contract, REFUSALS } from '@tidewatch/contract';
import { and, asc, eq, gt, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import ical from 'ical-generator';
import { implement } from '../../core/route';
import type { Database } from '../../db/client';
import {
  calendarFeeds,
  clusters,
  contacts,
  contactTags,
  customers,
  servers,
  serviceWindows,
  serviceWindowTargets,
  tags,
} from '../../db/schema';
import { conflict, HttpError, notFound } from '../../lib/http-error';
import { hashSecret } from '../agent';
import type { Mailer } from '../mail';
import { serviceWindowNoticeMail } from '../mail';
import { advanceWindows, expandAllGroups } from './service';

/** How far back the calendar feed reaches: the last month's windows stay visible. */
const FEED_PAST_DAYS = 31;
/** Agent calls per address and minute: a fleet behind one NAT polls every few minutes. */
const AGENT_RATE_LIMIT = { max: 120, timeWindow: 60_000 };

/** The machine whose credential the bearer header carries: a server's or a cluster's. */
async function machineOf(db: Database, request: FastifyRequest) {
  const match = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '');
  if (!match?.[1]) throw new HttpError(401, REFUSALS.sendBearer, undefined, undefined, { kind: 'agent' });
  const hash = hashSecret(match[1]);
  const [server] = await db
    .select({ id: servers.id, certname: servers.certname })
    .from(servers)
    .where(and(eq(servers.agentCredentialHash, hash), ne(servers.status, 'decommissioned')));
  if (server) return { certname: server.certname, target: eq(serviceWindowTargets.serverId, server.id) };
  const [cluster] = await db
    .select({ id: clusters.id, certname: clusters.certname })
    .from(clusters)
    .where(and(eq(clusters.agentCredentialHash, hash), ne(clusters.status, 'decommissioned')));
  if (cluster) return { certname: cluster.certname, target: eq(serviceWindowTargets.clusterId, cluster.id) };
  throw new HttpError(401, REFUSALS.unknownCredential, undefined, undefined, { kind: 'agent' });
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
  const due = await db
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
  for (const window of due) {
    if (!window.tagId) continue;
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
      db
        .select({ certname: serviceWindowTargets.certname })
        .from(serviceWindowTargets)
        .where(and(eq(serviceWindowTargets.windowId, window.id), eq(serviceWindowTargets.exempted, false)))
        .orderBy(asc(serviceWindowTargets.certname)),
    ]);
    await mailer.queue(
      people.map((person) =>
        serviceWindowNoticeMail(customer[0]?.language ?? 'en', {
          to: person.email,
          group: group[0]?.name ?? '',
          startsAt: window.startsAt,
          endsAt: window.endsAt,
          timezone: window.timezone,
          rebootAllowed: window.rebootAllowed,
          targets: targets.map((target) => target.certname),
          bookingsUrl: `${publicUrl}/customer/service-window/bookings`,
        }),
      ),
      log.child({ windowId: window.id }),
    );
  }
  return due.length;
}

/**
 * The calendar feed and the agent's window calls (no session: a secret address, a credential),
 * and the jobs that book ahead, move windows along and send notices.
 */
export async function serviceWindowPublicRoutes(app: FastifyInstance, options: { publicUrl: string }) {
  const { db } = app;

  implement(
    app,
    contract.serviceWindowPublic,
    {
      async calendar(request, reply) {
        const [feed] = await db
          .select({ customerId: calendarFeeds.customerId })
          .from(calendarFeeds)
          .where(eq(calendarFeeds.tokenHash, hashSecret(request.params.token)));
        if (!feed) throw notFound(REFUSALS.unknownCalendarFeed);
        const now = app.now();
        await advanceWindows(db, now);
        const rows = await db
          .select({ window: serviceWindows, group: tags.name })
          .from(serviceWindows)
          .leftJoin(tags, eq(tags.id, serviceWindows.tagId))
          .where(
            and(
              eq(serviceWindows.customerId, feed.customerId),
              gt(serviceWindows.endsAt, new Date(now.getTime() - FEED_PAST_DAYS * 86_400_000)),
            ),
          )
          .orderBy(asc(serviceWindows.startsAt));
        const calendar = ical({
          name: `${brand.product} service windows`,
          prodId: { company: brand.product, product: 'service-windows' },
        });
        for (const { window, group } of rows) {
          calendar.createEvent({
            id: `${window.id}@${new URL(options.publicUrl).hostname}`,
            start: window.startsAt,
            end: window.endsAt,
            stamp: window.createdAt,
            summary: `Service window${group ? `: ${group}` : ''}${window.type === 'adhoc' ? ' (ad hoc)' : ''}`,
            description: [
              `Time zone: ${window.timezone}`,
              `Status: ${window.status}`,
              `Reboot allowed: ${window.rebootAllowed ? 'yes' : 'no'}`,
              window.note,
            ]
              .filter(Boolean)
              .join('\n'),
            url: `${options.publicUrl}/customer/service-window/bookings`,
          });
        }
        return reply
          .type('text/calendar; charset=utf-8')
          .header('cache-control', 'private, max-age=300')
          .send(calendar.toString());
      },

      async agentWindow(request) {
        const machine = await machineOf(db, request);
        const now = app.now();
        const mine = and(machine.target, eq(serviceWindowTargets.exempted, false));
        const live = await db
          .select({ id: serviceWindowTargets.windowId })
          .from(serviceWindowTargets)
          .innerJoin(serviceWindows, eq(serviceWindows.id, serviceWindowTargets.windowId))
          .where(
            and(
              mine,
              inArray(serviceWindows.status, ['scheduled', 'open']),
              lte(serviceWindows.startsAt, now),
            ),
          );
        if (live.length)
          await advanceWindows(
            db,
            now,
            live.map((row) => row.id),
          );
        const [open] = await db
          .select({ window: serviceWindows })
          .from(serviceWindowTargets)
          .innerJoin(serviceWindows, eq(serviceWindows.id, serviceWindowTargets.windowId))
          .where(and(mine, eq(serviceWindows.status, 'open'), isNull(serviceWindowTargets.reportedAt)))
          .orderBy(asc(serviceWindows.startsAt))
          .limit(1);
        const [next] = await db
          .select({ startsAt: serviceWindows.startsAt })
          .from(serviceWindowTargets)
          .innerJoin(serviceWindows, eq(serviceWindows.id, serviceWindowTargets.windowId))
          .where(and(mine, eq(serviceWindows.status, 'scheduled'), gt(serviceWindows.startsAt, now)))
          .orderBy(asc(serviceWindows.startsAt))
          .limit(1);
        const window = open?.window;
        return {
          certname: machine.certname,
          open: Boolean(window),
          window_id: window?.id ?? null,
          type: window?.type ?? null,
          timezone: window?.timezone ?? null,
          ends_at: window?.endsAt.toISOString() ?? null,
          reboot_allowed: window?.rebootAllowed ?? null,
          next_start: next?.startsAt.toISOString() ?? null,
        };
      },

      async agentDone(request) {
        const machine = await machineOf(db, request);
        const { window_id } = request.params;
        const now = app.now();
        await advanceWindows(db, now, [window_id]);
        const [target] = await db
          .select({ target: serviceWindowTargets, window: serviceWindows })
          .from(serviceWindowTargets)
          .innerJoin(serviceWindows, eq(serviceWindows.id, serviceWindowTargets.windowId))
          .where(and(machine.target, eq(serviceWindowTargets.windowId, window_id)));
        if (!target || target.target.exempted)
          throw notFound(REFUSALS.notInWindow, { certname: machine.certname });
        if (target.window.status === 'scheduled') throw conflict(REFUSALS.windowNotOpen);
        // The first report counts; a repeated one (a retry after a lost answer) changes nothing.
        await db
          .update(serviceWindowTargets)
          .set({ reportedAt: now, result: request.body.result, comment: request.body.comment })
          .where(and(eq(serviceWindowTargets.id, target.target.id), isNull(serviceWindowTargets.reportedAt)));
        await advanceWindows(db, now, [window_id]);
        const [window] = await db
          .select({ status: serviceWindows.status })
          .from(serviceWindows)
          .where(eq(serviceWindows.id, window_id));
        return { window_id, status: window?.status ?? target.window.status };
      },
    },
    {
      calendar: { audit: false, rateLimit: AGENT_RATE_LIMIT },
      agentWindow: { audit: false, rateLimit: AGENT_RATE_LIMIT },
      agentDone: { audit: false, rateLimit: AGENT_RATE_LIMIT },
    },
  );

  const runJobs = async () => {
    const now = app.now();
    await advanceWindows(db, now);
    await sendWindowNotices(db, app.mailer, app.log, now, options.publicUrl);
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
