import { z } from 'zod';
import { CustomerId, IsoDateTime, text } from './common';
import { Certname, ClusterStatus, Hostname, LastRun, Plan, RoleId, ServerStatus } from './infrastructure';
import { defineRoute, publicAccess, requires } from './route';

/** How long an install token works once created. */
export const INSTALL_TOKEN_TTL_MS = 2 * 60 * 60 * 1000;

export const InstallToken = z.object({
  id: z.uuid(),
  /** Shown once; only its hash is kept. */
  token: z.string(),
  certname: Certname,
  customer_id: CustomerId,
  expires_at: IsoDateTime,
  script_url: z.string(),
  /** The command to run on the server as root. */
  command: z.string(),
});

export const InstallTokenStatus = z.object({
  id: z.uuid(),
  certname: Certname,
  expires_at: IsoDateTime,
  expired: z.boolean(),
  /** The server's status: registered until the script runs, active once it registered. */
  server_status: ServerStatus,
  failure_reason: z.string().nullable(),
});

/** What the install script reports of the machine (from /etc/os-release and uname). */
export const ServerFacts = z.object({
  os_family: text().trim().max(40).optional(),
  distribution: text()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9._-]{1,40}$/),
  version: text()
    .trim()
    .regex(/^[A-Za-z0-9._-]{1,40}$/),
  pretty_name: text().trim().max(200).optional(),
  kernel: text().trim().max(200).optional(),
  architecture: text().trim().max(40).optional(),
  location: text().trim().max(200).optional(),
});

const agentBody = z.object({ customer_id: CustomerId });

/** What the suite's operator reports of its cluster, at bootstrap and on every ping. */
export const ClusterReport = z.object({
  kubernetes_version: text()
    .trim()
    .regex(/^v?1\.\d{1,2}(\.\d{1,3})?$/),
  suite_version: text()
    .trim()
    .regex(/^[0-9][A-Za-z0-9.+-]{0,39}$/),
  node_count: z.number().int().min(0).max(100_000),
});
export type ClusterReport = z.infer<typeof ClusterReport>;

const agentCredentialAnswer = z.object({
  certname: Certname,
  credential: z.string(),
  ping_interval_seconds: z.number().int(),
});

/**
 * Calls made by the install script and the agent, never by a browser: the install token or the
 * server's credential goes in `Authorization: Bearer …`; no session, no XSRF.
 */
export const agentRoutes = {
  verify: defineRoute({
    method: 'POST',
    path: '/agent/install/verify',
    access: publicAccess,
    summary:
      'Check an install token for a customer (401 unknown or expired, 403 another customer); the server is installing',
    body: agentBody,
    response: z.object({
      certname: Certname,
      customer_id: CustomerId,
      plan: Plan.nullable(),
      roles: z.array(RoleId),
      expires_at: IsoDateTime,
    }),
  }),
  register: defineRoute({
    method: 'POST',
    path: '/agent/install/register',
    access: publicAccess,
    summary: "Register the server with its facts; answers the agent's own credential (the token is used up)",
    body: agentBody.extend({ facts: ServerFacts }),
    response: agentCredentialAnswer,
  }),
  failure: defineRoute({
    method: 'POST',
    path: '/agent/install/failure',
    access: publicAccess,
    summary: 'Report why the install failed; the token stays usable for a retry until it expires',
    body: agentBody.extend({ reason: text().trim().min(1).max(2000) }),
  }),
  ping: defineRoute({
    method: 'POST',
    path: '/agent/ping',
    access: publicAccess,
    summary: 'The agent is alive (credential), optionally reporting its last configuration run',
    body: z.object({
      run: z
        .object({
          started_at: IsoDateTime,
          duration_ms: z.number().int().min(0).max(86_400_000),
          status: LastRun.shape.status,
          summary: text().max(2000).default(''),
        })
        .optional(),
    }),
    response: z.object({ certname: Certname, status: ServerStatus }),
  }),
  clusterBootstrap: defineRoute({
    method: 'POST',
    path: '/agent/cluster/bootstrap',
    access: publicAccess,
    summary:
      "The cluster's operator redeems its bootstrap token (401 unknown, used or expired, 403 another customer) with what it runs; answers its own credential",
    body: agentBody.extend({ report: ClusterReport }),
    response: agentCredentialAnswer,
  }),
  clusterPing: defineRoute({
    method: 'POST',
    path: '/agent/cluster/ping',
    access: publicAccess,
    summary: "The cluster's operator is alive (credential), with its versions and node count",
    body: z.object({ report: ClusterReport }),
    response: z.object({ certname: Certname, status: ClusterStatus }),
  }),
  script: defineRoute({
    method: 'GET',
    path: '/install.sh',
    mount: 'root',
    access: publicAccess,
    summary: 'The install script (POSIX sh, text/x-shellscript)',
  }),
};

export const installTokenRoutes = {
  create: defineRoute({
    method: 'POST',
    creates: true,
    path: '/customer/{customer_id}/install-tokens',
    access: requires('infrastructure.manage'),
    summary:
      'Plan a server (hostname → certname, plan, roles) and get its install token and command (409 when the certname is taken)',
    params: z.object({ customer_id: CustomerId }),
    body: z.object({
      hostname: Hostname,
      plan: Plan.nullable(),
      roles: z.array(RoleId).max(2, { error: /*i18n*/ 'Choose at most 2 roles' }).default([]),
    }),
    tenant: { from: 'params', key: 'customer_id' },
    response: InstallToken,
  }),
  status: defineRoute({
    method: 'GET',
    path: '/customer/{customer_id}/install-tokens/{token_id}',
    access: requires('infrastructure.manage'),
    summary: 'Whether the planned server has registered yet (poll while the install runs)',
    params: z.object({ customer_id: CustomerId, token_id: z.uuid() }),
    tenant: { from: 'params', key: 'customer_id' },
    response: InstallTokenStatus,
  }),
};
