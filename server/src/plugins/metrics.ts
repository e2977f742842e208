import { createHash, timingSafeEqual } from 'node:crypto';
import { REFUSALS } from '@tidewatch/contract';
import { count, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { DatabaseMonitor } from '../db/client';
import { cspReports, outbox, sessions } from '../db/schema';
import { databaseFault } from '../lib/db-errors';
import { HttpError } from '../lib/http-error';

export interface MetricsOptions {
  /** The bearer token a scraper sends; without one the endpoint is not served at all. */
  token: string | undefined;
  monitor: DatabaseMonitor | undefined;
  now: () => Date;
  /** Visitors' chat sockets open on this replica. */
  openChatSockets: () => number;
  /** Signed-in tabs' event streams open on this replica. */
  openEventStreams: () => number;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Compares digests, so neither the token's length nor its bytes leak through timing. */
function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer (.+)$/.exec(header ?? '')?.[1];
  return given !== undefined && timingSafeEqual(digest(given), digest(token));
}

/**
 * `/metrics` in Prometheus' text format: requests by route, their latency and server errors, the
 * database pool, statement times and faults, live sessions and the mail outbox's depth, with the
 * process's own figures. Each app has its own registry, so tests can build many side by side.
 */
export const metricsPlugin = fp(async (app: FastifyInstance, options: MetricsOptions) => {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'tidewatch_' });
  // Gauges named like counters fail `promtool check metrics`; each is the sum of its by-type gauge.
  for (const total of ['handles', 'requests', 'resources']) {
    registry.removeSingleMetric(`tidewatch_nodejs_active_${total}_total`);
  }
  const registers = [registry];

  const requests = new Counter({
    name: 'tidewatch_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers,
  });
  const latency = new Histogram({
    name: 'tidewatch_http_request_duration_seconds',
    help: 'Time from a request arriving to its answer being sent, by method and route pattern.',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers,
  });
  const serverErrors = new Counter({
    name: 'tidewatch_http_server_errors_total',
    help: 'Requests answered with a 5xx status, by route pattern.',
    labelNames: ['route'] as const,
    registers,
  });
  const statements = new Histogram({
    name: 'tidewatch_db_query_duration_seconds',
    help: 'Time each PostgreSQL statement took, as the pool saw it.',
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
    registers,
  });
  const faults = new Counter({
    name: 'tidewatch_db_faults_total',
    help: 'Database failures: requests answered 503 by kind (unreachable, pool_timeout, statement_timeout) and idle connections lost (connection_lost).',
    labelNames: ['kind'] as const,
    registers,
  });
  app.addHook('onError', async (_request, _reply, error) => {
    const fault = databaseFault(error);
    if (fault) faults.inc({ kind: fault });
  });
  const monitor = options.monitor;
  if (monitor?.pool()) {
    monitor.onQuery = (seconds) => statements.observe(seconds);
    monitor.onConnectionLost = (error) => {
      faults.inc({ kind: 'connection_lost' });
      app.log.warn({ err: error }, 'an idle database connection was lost; the pool opens another');
    };
    new Gauge({
      name: 'tidewatch_db_pool_connections',
      help: 'PostgreSQL pool connections by state; waiting counts callers queued for one.',
      labelNames: ['state'] as const,
      registers,
      collect() {
        const pool = monitor.pool();
        if (!pool) return;
        this.set({ state: 'open' }, pool.total);
        this.set({ state: 'idle' }, pool.idle);
        this.set({ state: 'waiting' }, pool.waiting);
      },
    });
  }
  new Gauge({
    name: 'tidewatch_sessions_active',
    help: 'Sessions that have not reached their absolute end.',
    registers,
    async collect() {
      const [row] = await app.db
        .select({ total: count() })
        .from(sessions)
        .where(gt(sessions.expiresAt, options.now()));
      this.set(row?.total ?? 0);
    },
  });
  new Gauge({
    name: 'tidewatch_mail_outbox_depth',
    help: 'Mail written but not yet delivered.',
    registers,
    async collect() {
      const [row] = await app.db.select({ total: count() }).from(outbox).where(isNull(outbox.sentAt));
      this.set(row?.total ?? 0);
    },
  });

  new Gauge({
    name: 'tidewatch_csp_reports_last_hour',
    help: 'Reports of something the Content-Security-Policy blocked, received in the last hour (stored in csp_reports).',
    registers,
    async collect() {
      const hourAgo = new Date(options.now().getTime() - 60 * 60_000);
      const [row] = await app.db
        .select({ total: count() })
        .from(cspReports)
        .where(gt(cspReports.receivedAt, hourAgo));
      this.set(row?.total ?? 0);
    },
  });

  new Gauge({
    name: 'tidewatch_chat_websockets_open',
    help: "Visitors' chat WebSocket connections open on this replica.",
    registers,
    collect() {
      this.set(options.openChatSockets());
    },
  });

  new Gauge({
    name: 'tidewatch_event_streams_open',
    help: "Signed-in tabs' live event streams (GET /api/events) open on this replica.",
    registers,
    collect() {
      this.set(options.openEventStreams());
    },
  });

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const status = reply.statusCode;
    requests.inc({ method: request.method, route, status });
    latency.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    if (status >= 500) serverErrors.inc({ route });
  });

  const token = options.token;
  if (!token) return;
  app.get('/metrics', async (request, reply) => {
    if (!bearerMatches(request.headers.authorization, token)) {
      throw new HttpError(401, REFUSALS.metricsTokenNeeded, undefined, {
        'www-authenticate': 'Bearer',
      });
    }
    reply.header('cache-control', 'no-store').type(registry.contentType);
    return registry.metrics();
  });
});
