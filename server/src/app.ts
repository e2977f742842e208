import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import { brand } from '@tidewatch/content';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { createApiTokenAuthenticator } from './core/api-tokens';
import { createFinanceTokens, type FinanceTokenService } from './core/finance-tokens';
import { prepareFindSession } from './core/session-repository';
import { type Database, type DatabaseHandle, ping } from './db/client';
import type { BoundedTotal } from './lib/bounded-total';
import { type CountCache, createCountCache } from './lib/count-cache';
import { logMethodWithoutQueryValues } from './lib/log-errors';
import { runPeriodically } from './lib/periodic';
import { redactSecretsInText } from './lib/redact';
import { validatorCompiler } from './lib/request-validation';
import { createSecretBox, type SecretBox } from './lib/secret-box';
import { accountRoutes } from './modules/account';
import { activityRoutes } from './modules/activity';
import { agentRoutes, installScriptRoutes, installTokenRoutes } from './modules/agent';
import { apiDocsRoutes } from './modules/api-docs';
import { apiTokenExpiryJob, apiTokenRoutes } from './modules/api-tokens';
import { authRoutes, passwordRoutes } from './modules/auth';
import { careerRoutes } from './modules/careers';
import { changeRequestRoutes } from './modules/change-requests';
import { type ChatHub, chatRoutes, chatSocketRoutes, createChatHub, createGeoIp } from './modules/chat';
import { clusterRoutes, clusterSummariesOf } from './modules/clusters';
import { contactRoutes } from './modules/contacts';
import { countRoutes } from './modules/counts';
import { customerRoutes } from './modules/customers';
import { createEventHub, eventRoutes } from './modules/events';
import { featureRoutes } from './modules/features';
import { billingJob, ceilingsOf, invoiceRoutes } from './modules/invoices';
import { leadRoutes } from './modules/leads';
import { createMailer, createMailLinks, type Mailer, mailLinkRoutes } from './modules/mail';
import { marketingRoutes } from './modules/marketing';
import { passkeyRoutes } from './modules/passkeys';
import { planJob, planRoutes } from './modules/plans';
import { productRoutes } from './modules/products';
import { cspReportRoutes, reportRoutes } from './modules/reports';
import { retentionJob } from './modules/retention';
import { serverRoutes, summariesOf } from './modules/servers';
import { serviceReportJob, serviceReportRoutes } from './modules/service-reports';
import { serviceWindowPublicRoutes, serviceWindowRoutes } from './modules/service-windows';
import { signUpRoutes } from './modules/signup';
import { createProviders, ssoRecheck, ssoRoutes, ssoSecretBox } from './modules/sso';
import { staffLocationRoutes } from './modules/staff-locations';
import { probeRoutes, securityTxtRoutes, timezoneRoutes } from './modules/system';
import { tagRoutes } from './modules/tags';
import { timeRegistrationRoutes } from './modules/time-registration';
import { twoFactorRoutes } from './modules/two-factor';
import { userRoutes } from './modules/users';
import { createWebhookWorker, type WebhookWorker, webhookRoutes, webhookSecretBox } from './modules/webhooks';
import { auditPlugin } from './plugins/audit';
import { errorsPlugin, jsonNotFound, unreadableRequestHandler } from './plugins/errors';
import { financeApi } from './plugins/finance-api';
import { metricsPlugin } from './plugins/metrics';
import { siteForOrigin } from './plugins/public-origin';
import { rateLimitPlugin } from './plugins/rate-limit';
import { createSecurityHeaders } from './plugins/security-headers';
import { sessionPlugin } from './plugins/session';
import { registerStatic } from './plugins/static';
import { userRateLimitPlugin } from './plugins/user-rate-limit';
import { xsrfPlugin } from './plugins/xsrf';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    /** The clock; tests pass their own to move time. */
    now: () => Date;
    /** Seals authenticator secrets at rest. */
    totpBox: SecretBox;
    /** Seals the answers kept for repeated create requests: some carry a secret shown once. */
    idempotentAnswers: SecretBox;
    mailer: Mailer;
    /** Filtered list totals, kept briefly (decision 0047). */
    listTotals: CountCache;
    /** This replica's chat sockets and the fan-out between replicas. */
    chatHub: ChatHub;
    /** The finance API's access and refresh tokens (decision 0053). */
    financeTokens: FinanceTokenService;
    /** Delivers customers' webhook messages (tests drain it). */
    webhooks: WebhookWorker;
  }
}

/** How long a filtered list's total is reused; another replica's writes show within it. */
const LIST_TOTAL_TTL_MS = 5_000;
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface AppOptions {
  config: Config;
  db: Database;
  /** Signs XSRF tokens; the same on every replica. */
  secret: string;
  /**
   * The database handle's readiness probe (never queued behind user queries), notifications
   * (with them, sessions are kept briefly in memory) and the pool and statement times `/metrics`
   * reports. Without it: a query on `db`, no session cache, no database metrics.
   */
  database?: Pick<DatabaseHandle, 'ready' | 'listen' | 'monitor' | 'maintain'>;
  now?: () => Date;
  logger?: FastifyServerOptions['logger'];
  /** How long a chat socket may stay open without signing in; tests shorten it. */
  chatAuthTimeoutMs?: number;
  /** How often an event stream sends its heartbeat and reads its session again; tests shorten it. */
  eventStreamHeartbeatMs?: number;
}

const REQUEST_ID = /^[\w.-]{1,64}$/;
/** How often the embedded database is vacuumed and analysed (it has no autovacuum). */
const MAINTENANCE_EVERY_MS = 60 * 60 * 1000;

/** pino options: JSON lines with the request id, and never a password, token or cookie. */
export function loggerOptions(level: Config['logLevel']): FastifyServerOptions['logger'] {
  return {
    level,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'req.headers["x-xsrf-token"]',
        'res.headers["set-cookie"]',
        '*.password',
        '*.refresh_token',
      ],
      censor: '[redacted]',
    },
    hooks: { logMethod: logMethodWithoutQueryValues },
    serializers: {
      req: (request) => ({
        method: request.method,
        url: redactSecretsInText(request.url),
        remoteAddress: request.ip,
      }),
    },
  };
}

/**
 * Fastify takes a bare hop count as trusting no one, so a count becomes a rule on the hop's
 * position: the socket's peer is hop 0, the address it forwarded for is hop 1, and so on.
 */
function trustedProxies(trust: Config['trustProxy']): FastifyServerOptions['trustProxy'] {
  if (typeof trust !== 'number') return trust;
  return trust > 0 && ((_address: string, hop: number) => hop < trust);
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const now = options.now ?? (() => new Date());
  const site = await siteForOrigin(config.siteDir, {
    publicUrl: config.publicUrl,
    statusUrl: config.statusUrl,
    seller: config.seller,
  });
  const securityHeaders = createSecurityHeaders({
    pageDirs: [site.dir, config.portalDir],
    secureTransport: config.secureCookies,
  });
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: config.bodyLimitBytes,
    trustProxy: trustedProxies(config.trustProxy),
    requestIdHeader: false,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    frameworkErrors: unreadableRequestHandler(securityHeaders, config.portalDir),
    // A starved machine (a busy CI host, a throttled pod) may take more than the default 10 s to
    // register every module; that is slow, not broken.
    pluginTimeout: 60_000,
  });
  // The API speaks JSON only: any other body type is answered 415.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', options.db);
  app.decorate('now', now);
  app.decorate('listTotals', createCountCache<BoundedTotal>({ ttlMs: LIST_TOTAL_TTL_MS }));
  app.decorate('totpBox', createSecretBox(options.secret, 'totp-secrets'));
  app.decorate('staffTwoFactor', config.staffTwoFactor);
  app.decorate('idempotentAnswers', createSecretBox(options.secret, 'idempotent-answers'));
  app.decorate(
    'financeTokens',
    createFinanceTokens({
      db: options.db,
      secret: options.secret,
      now,
      findSession: prepareFindSession(options.db),
      accessTokenSeconds: config.financeAccessTokenSeconds,
      financeApiUrl: config.financeApiUrl,
    }),
  );
  const mailLinks = createMailLinks(options.secret, config.publicUrl);
  app.decorate(
    'mailer',
    createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom ?? `${brand.product} <${brand.contact.noReplyEmail}>`,
      db: options.db,
      log: app.log,
      now,
      links: mailLinks,
    }),
  );
  // The outbox worker delivers mail once the app is ready and stops with it.
  app.addHook('onReady', async () => app.mailer.start());
  app.addHook('onClose', async () => app.mailer.close());
  const webhookSecrets = webhookSecretBox(options.secret);
  const webhookPolicy = {
    allowPrivate: config.webhooksAllowPrivateTargets,
    httpsOnly: config.mode === 'production',
  };
  const webhookWorker = createWebhookWorker({
    db: options.db,
    now,
    log: app.log,
    secrets: webhookSecrets,
    policy: webhookPolicy,
    mailer: app.mailer,
    publicUrl: config.publicUrl,
  });
  app.decorate('webhooks', webhookWorker);
  app.addHook('onReady', async () => webhookWorker.start());
  // Before the mailer closes: a delivery under way may mail an endpoint's managers.
  app.addHook('preClose', async () => webhookWorker.close());
  app.addHook('onClose', async () => site.remove());
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  // A change made here shows in the next total at once; another replica's, within the TTL.
  app.addHook('onResponse', async (request, reply) => {
    if (!WRITES.has(request.method) || reply.statusCode >= 400) return;
    if (!request.routeOptions.config.keepsListTotals) app.listTotals.clear();
  });

  const chatHub = await createChatHub({
    db: options.db,
    listen: options.database?.listen,
    now,
    log: app.log,
  });
  app.decorate('chatHub', chatHub);
  app.addHook('onClose', async () => chatHub.stop());
  const eventHub = await createEventHub({ db: options.db, listen: options.database?.listen, log: app.log });
  // Before the server waits for its connections: an open stream never holds a graceful stop up.
  app.addHook('preClose', async () => eventHub.endStreams());
  app.addHook('onClose', async () => eventHub.stop());

  await app.register(errorsPlugin);
  await app.register(metricsPlugin, {
    token: config.metricsToken,
    monitor: options.database?.monitor,
    now,
    openChatSockets: chatHub.connections,
    openEventStreams: eventHub.size,
  });
  app.addHook('onRequest', async (request, reply) => securityHeaders(request.raw, reply.raw));
  // Pages, assets and API answers alike travel compressed; small bodies are left alone.
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(cookie);
  await app.register(rateLimitPlugin, { now });
  await app.register(retentionJob);
  const { maintain } = options.database ?? {};
  if (maintain) runPeriodically(app, 'database maintenance', MAINTENANCE_EVERY_MS, maintain);
  await app.register(billingJob, { publicUrl: config.publicUrl });
  await app.register(planJob, { publicUrl: config.publicUrl });
  await app.register(apiTokenExpiryJob, { publicUrl: config.publicUrl });
  await app.register(serviceReportJob, { publicUrl: config.publicUrl });
  await app.register(probeRoutes, { databaseReady: options.database?.ready ?? (() => ping(options.db)) });
  await app.register(securityTxtRoutes, { publicUrl: config.publicUrl });
  // Public and cacheable: beside the session scope, whose answers are never stored.
  await app.register(apiDocsRoutes, {
    prefix: '/api',
    publicUrl: config.publicUrl,
    financeApiUrl: config.financeApiUrl,
    secureCookies: config.secureCookies,
  });
  await app.register(installScriptRoutes, {
    publicUrl: config.publicUrl,
    packageRepo: config.agentPackageRepo,
  });
  // The agent's calls: token or credential, never a session, so outside the session and XSRF scope.
  await app.register(agentRoutes, { prefix: '/api', staleSweep: config.mode === 'production' });
  // The calendar feed and the agent's window calls: a secret address or a credential, no session.
  await app.register(serviceWindowPublicRoutes, {
    prefix: '/api',
    publicUrl: config.publicUrl,
  });
  // Browsers post CSP reports themselves, with no XSRF header.
  await app.register(cspReportRoutes, { prefix: '/api' });
  await app.register(mailLinkRoutes, { prefix: '/api', links: mailLinks, publicUrl: config.publicUrl });
  const geoIp = createGeoIp();
  // The visitor's socket carries its own token, never a session cookie.
  await app.register(chatSocketRoutes, {
    hub: chatHub,
    geoIp,
    publicUrl: config.publicUrl,
    webhookUrl: config.chatWebhookUrl,
    authTimeoutMs: options.chatAuthTimeoutMs,
  });

  const apiTokens = createApiTokenAuthenticator(options.db, now);
  const userRateLimit = {
    max: config.userRateLimitPerMinute,
    tokenMax: config.apiTokenRateLimitPerMinute,
    windowMs: 60_000,
    syncEveryMs: 1_000,
    clock: () => now().getTime(),
  };
  // Bearer tokens only, no cookies: registered beside the session scope, not inside it.
  await app.register(financeApi, {
    prefix: '/api/finance',
    tokens: app.financeTokens,
    apiTokens,
    now,
    userRateLimit,
    routes: async (finance) => {
      await finance.register(planRoutes);
      await finance.register(invoiceRoutes, { publicUrl: config.publicUrl, seller: config.seller });
    },
  });

  await app.register(
    async (api) => {
      await api.register(sessionPlugin, {
        secureCookies: config.secureCookies,
        now,
        listen: options.database?.listen,
        apiTokens,
      });
      const ssoSecrets = ssoSecretBox(options.secret);
      const ssoProviders = createProviders({ allowLoopbackHttp: config.mode !== 'production' });
      // Right after the session is read: a company sign-in's session may end, or its roles change, here.
      await api.register(ssoRecheck, {
        secrets: ssoSecrets,
        providers: ssoProviders,
        recheckMinutes: config.ssoRecheckMinutes,
      });
      await api.register(userRateLimitPlugin, userRateLimit);
      await api.register(xsrfPlugin, { secureCookies: config.secureCookies, hmacKey: options.secret });
      await api.register(auditPlugin, { now });
      api.addHook('onSend', async (_request, reply) => {
        reply.header('cache-control', 'no-store');
      });

      api.setNotFoundHandler(jsonNotFound);
      await api.register(authRoutes, {
        secret: options.secret,
        secureCookies: config.secureCookies,
        publicUrl: config.publicUrl,
      });
      await api.register(accountRoutes);
      await api.register(passkeyRoutes, {
        publicUrl: config.publicUrl,
        secret: options.secret,
        secureCookies: config.secureCookies,
      });
      await api.register(passwordRoutes, { publicUrl: config.publicUrl });
      await api.register(signUpRoutes, { publicUrl: config.publicUrl });
      await api.register(marketingRoutes, { secret: options.secret, publicUrl: config.publicUrl });
      await api.register(leadRoutes, { secret: options.secret, publicUrl: config.publicUrl });
      await api.register(careerRoutes, { secret: options.secret });
      await api.register(countRoutes);
      await api.register(reportRoutes);
      await api.register(tagRoutes, { serverSummaries: summariesOf, clusterSummaries: clusterSummariesOf });
      await api.register(serverRoutes);
      await api.register(clusterRoutes, { publicUrl: config.publicUrl });
      await api.register(contactRoutes);
      await api.register(featureRoutes);
      await api.register(changeRequestRoutes, { secret: options.secret });
      await api.register(installTokenRoutes, { publicUrl: config.publicUrl });
      await api.register(customerRoutes, { publicUrl: config.publicUrl });
      await api.register(staffLocationRoutes);
      await api.register(userRoutes, { publicUrl: config.publicUrl });
      await api.register(productRoutes);
      await api.register(timezoneRoutes);
      await api.register(activityRoutes);
      await api.register(timeRegistrationRoutes, { ceilingsOf });
      await api.register(serviceWindowRoutes, { publicUrl: config.publicUrl });
      await api.register(serviceReportRoutes);
      await api.register(chatRoutes, { hub: chatHub, geoIp, publicUrl: config.publicUrl });
      await api.register(eventRoutes, {
        hub: eventHub,
        publicUrl: config.publicUrl,
        heartbeatMs: options.eventStreamHeartbeatMs,
      });
      await api.register(apiTokenRoutes);
      await api.register(twoFactorRoutes);
      await api.register(ssoRoutes, {
        publicUrl: config.publicUrl,
        secrets: ssoSecrets,
        providers: ssoProviders,
      });
      await api.register(webhookRoutes, {
        policy: webhookPolicy,
        secrets: webhookSecrets,
        worker: webhookWorker,
      });
    },
    { prefix: '/api' },
  );

  await registerStatic(app, { siteDir: site.dir, portalDir: config.portalDir });
  return app;
}
