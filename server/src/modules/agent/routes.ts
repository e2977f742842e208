import { contract, REFUSALS, type RefusalValues } from '@tidewatch/contract';
import { certnameOf, type ServerStatus, STALE_AFTER_MS } from '@tidewatch/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tenantOf } from '../../core/access';
import { implement } from '../../core/route';
import type { Database } from '../../db/client';
import { createBatcher } from '../../lib/batcher';
import { conflict, HttpError, notFound } from '../../lib/http-error';
import { assertRolesBlend, defaultParameters } from '../configuration';
import { startPlan } from '../plans';
import { findServer } from '../servers';
import { installScript } from './install-script';
import {
  activateCluster,
  activateServer,
  createInstallToken,
  failInstall,
  findCluster,
  findInstallTokenWithServer,
  findServerById,
  findTokenByHash,
  type InstallTokenRow,
  markQuietAgentsStale,
  type Ping,
  type PingedServer,
  recordClusterPing,
  recordPings,
  type ServerRow,
  saveServerToInstall,
  startInstall,
} from './repository';
import { newSecret } from './tokens';

/** How often the agent pings; the stale threshold allows many missed pings. */
export const PING_INTERVAL_SECONDS = 300;
/**
 * Pings that arrive together are written in one statement: a million servers ping thousands of
 * times a second, and a statement each would cost a connection's round trip and a commit per ping
 * (decision 0090). Four batches at a time leave the pool room for the portal's calls.
 */
const PING_BATCH = { maxBatch: 500, concurrency: 4 };
/** Agent calls count per address: enough for a fleet behind one NAT, too few to guess secrets. */
const AGENT_RATE_LIMIT = { max: 120, timeWindow: 60_000 };

/** Which secret a call carries, as the refusals name it. */
type Credential = 'install' | 'bootstrap' | 'agent' | 'cluster';

const refuseCredential = (status: number, messageId: string, kind: Credential, values: RefusalValues = {}) =>
  new HttpError(status, messageId, undefined, undefined, { kind, ...values });

function bearer(request: FastifyRequest, kind: Credential): string {
  const match = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '');
  if (!match?.[1]) throw refuseCredential(401, REFUSALS.sendBearer, kind);
  return match[1];
}

/** Statuses from which the install script may (re)start. */
const INSTALLABLE: readonly ServerStatus[] = ['registered', 'installing', 'install_failed'];

/**
 * Marks active servers and clusters that have not pinged for the stale threshold as stale;
 * returns how many.
 */
export function markStaleAgents(db: Database, now: Date): Promise<number> {
  return markQuietAgentsStale(db, new Date(now.getTime() - STALE_AFTER_MS), now);
}

/** Install tokens, asked for by people in the portal (session, XSRF). */
export async function installTokenRoutes(app: FastifyInstance, options: { publicUrl: string }) {
  const { db } = app;

  implement(app, contract.installTokens, {
    async create(request) {
      const tenant = tenantOf(request);
      const { customer_id } = request.params;
      const { hostname, plan, roles } = request.body;
      assertRolesBlend(roles);
      const certname = certnameOf(hostname, customer_id);
      const now = app.now();
      const created = await db.transaction(async (tx) => {
        const existing = await findServer(tx, tenant, certname);
        // A planned or failed server (or a decommissioned one coming back) gets a new token.
        if (existing && !INSTALLABLE.includes(existing.status) && existing.status !== 'decommissioned') {
          throw conflict(REFUSALS.serverNamedExists, { certname });
        }
        const server = await saveServerToInstall(tx, tenant, existing, {
          certname,
          hostname,
          plan,
          roles,
          parameters: defaultParameters(roles),
        });
        await startPlan(tx, { customerId: tenant.customerId, kind: 'server', certname }, plan, now);
        return createInstallToken(tx, {
          customerId: tenant.customerId,
          kind: 'server',
          certname,
          serverId: server.id,
          createdById: request.auth?.user.id ?? null,
          now,
        });
      });
      return {
        id: created.row.id,
        token: created.token,
        certname,
        customer_id,
        expires_at: created.expiresAt.toISOString(),
        script_url: `${options.publicUrl}/install.sh`,
        command: `curl -fsSL ${options.publicUrl}/install.sh | sudo sh -s -- --token ${created.token} --customer ${customer_id}`,
      };
    },

    async status(request) {
      const row = await findInstallTokenWithServer(db, tenantOf(request), request.params.token_id);
      if (!row) throw notFound(REFUSALS.noSuchInstallToken);
      return {
        id: row.token.id,
        certname: row.token.certname,
        expires_at: row.token.expiresAt.toISOString(),
        expired: row.token.expiresAt <= app.now(),
        server_status: row.server.status,
        failure_reason: row.server.installFailureReason,
      };
    },
  });
}

/**
 * The install script and the agent's calls: authenticated by the install token, then by the
 * server's own credential. Registered outside the session scope: no cookies, no XSRF.
 */
export async function agentRoutes(app: FastifyInstance, options: { staleSweep: boolean }) {
  const { db } = app;
  const { script: _servedAtRoot, ...calls } = contract.agent;

  /** The bearer token, once it is known, of this kind, unexpired, unused and this customer's. */
  async function redeemableToken(
    request: FastifyRequest,
    customerId: string,
    kind: InstallTokenRow['kind'],
  ): Promise<InstallTokenRow> {
    const what = kind === 'server' ? 'install' : 'bootstrap';
    const token = await findTokenByHash(db, bearer(request, what));
    if (token?.kind !== kind) throw refuseCredential(401, REFUSALS.unknownCredential, what);
    if (token.customerId !== customerId) {
      throw refuseCredential(403, REFUSALS.tokenForOtherCustomer, what, { customerId });
    }
    if (token.usedAt) throw refuseCredential(401, REFUSALS.tokenUsed, what);
    if (token.expiresAt <= app.now()) {
      throw refuseCredential(401, REFUSALS.tokenExpiredAt, what, { at: token.expiresAt.toISOString() });
    }
    return token;
  }

  /** The token's server, once the token is redeemable and the server waits to be installed. */
  async function tokenServer(
    request: FastifyRequest,
    customerId: string,
  ): Promise<{ token: InstallTokenRow; server: ServerRow }> {
    const token = await redeemableToken(request, customerId, 'server');
    if (!token.serverId) throw refuseCredential(401, REFUSALS.unknownCredential, 'install');
    const server = await findServerById(db, token.serverId);
    if (!server || !INSTALLABLE.includes(server.status)) {
      throw conflict(REFUSALS.serverNotInstalling);
    }
    return { token, server };
  }

  const pings = createBatcher<Ping, PingedServer | null>((batch) => recordPings(db, batch), PING_BATCH);
  // A closing server answers the pings it has taken before its connections go.
  app.addHook('onClose', () => pings.drain());

  implement(
    app,
    calls,
    {
      async verify(request) {
        const { server, token } = await tokenServer(request, request.body.customer_id);
        await startInstall(db, server.id);
        request.log.info({ certname: server.certname }, 'install started');
        return {
          certname: server.certname,
          customer_id: server.customerId,
          plan: server.plan,
          roles: server.roles,
          expires_at: token.expiresAt.toISOString(),
        };
      },

      async register(request) {
        const { server, token } = await tokenServer(request, request.body.customer_id);
        if (server.status !== 'installing') throw conflict(REFUSALS.verifyTokenFirst);
        const { facts } = request.body;
        const credential = newSecret('twa');
        await activateServer(db, {
          serverId: server.id,
          tokenId: token.id,
          credential,
          system: {
            osFamily: facts.os_family ?? null,
            distribution: facts.distribution,
            osVersion: facts.version,
            kernel: facts.kernel ?? null,
            location: facts.location ?? server.location,
            facts: Object.fromEntries(
              Object.entries(facts).filter(
                (entry): entry is [string, string] => typeof entry[1] === 'string',
              ),
            ),
          },
          now: app.now(),
        });
        request.log.info({ certname: server.certname }, 'server registered');
        return { certname: server.certname, credential, ping_interval_seconds: PING_INTERVAL_SECONDS };
      },

      async failure(request) {
        const { server } = await tokenServer(request, request.body.customer_id);
        await failInstall(db, server.id, request.body.reason);
        request.log.warn({ certname: server.certname, reason: request.body.reason }, 'install failed');
      },

      async ping(request) {
        const server = await pings.add({
          credential: bearer(request, 'agent'),
          run: request.body.run,
          now: app.now(),
        });
        if (!server) throw refuseCredential(401, REFUSALS.unknownCredential, 'agent');
        return { certname: server.certname, status: server.status };
      },

      async clusterBootstrap(request) {
        const token = await redeemableToken(request, request.body.customer_id, 'cluster');
        const cluster = token.clusterId ? await findCluster(db, token.clusterId) : null;
        if (cluster?.status !== 'registered') {
          throw conflict(REFUSALS.clusterNotBootstrapping);
        }
        const credential = newSecret('twc');
        await activateCluster(db, {
          clusterId: cluster.id,
          tokenId: token.id,
          credential,
          report: request.body.report,
          now: app.now(),
        });
        request.log.info({ certname: cluster.certname }, 'cluster bootstrapped');
        return { certname: cluster.certname, credential, ping_interval_seconds: PING_INTERVAL_SECONDS };
      },

      async clusterPing(request) {
        const cluster = await recordClusterPing(
          db,
          bearer(request, 'cluster'),
          request.body.report,
          app.now(),
        );
        if (!cluster) throw refuseCredential(401, REFUSALS.unknownCredential, 'cluster');
        return { certname: cluster.certname, status: cluster.status };
      },
    },
    {
      clusterBootstrap: { rateLimit: AGENT_RATE_LIMIT, audit: false },
      clusterPing: { audit: false, keepsListTotals: true },
      verify: { rateLimit: AGENT_RATE_LIMIT, audit: false },
      register: { rateLimit: AGENT_RATE_LIMIT, audit: false },
      failure: { rateLimit: AGENT_RATE_LIMIT, audit: false },
      ping: { audit: false, keepsListTotals: true },
    },
  );

  // Active servers that went quiet turn stale; every replica may sweep, the update is idempotent.
  // Demo data has no agents, so a demo sweeps nothing (its servers would all go stale).
  if (!options.staleSweep) return;
  const sweep = setInterval(() => {
    markStaleAgents(db, app.now()).catch((error) => app.log.error({ err: error }, 'stale sweep failed'));
  }, 60_000);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));
}

/**
 * The install script, at the origin's root so the command stays short. It runs as root, so the
 * API address in it is the configured one, never one taken from the request's Host header.
 */
export async function installScriptRoutes(
  app: FastifyInstance,
  options: { publicUrl: string; packageRepo: string | undefined },
) {
  implement(
    app,
    { script: contract.agent.script },
    {
      async script(_request, reply) {
        return reply
          .type('text/x-shellscript; charset=utf-8')
          .header('cache-control', 'no-cache')
          .send(installScript({ baseUrl: options.publicUrl, packageRepo: options.packageRepo }));
      },
    },
  );
}
