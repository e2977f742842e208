import type { ApiScope, RouteDefinition, RouteGroup } from '@tidewatch/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { accessGuard, tenantGuard } from './access';
import { oncePerKey } from './idempotency';

type Parsed<T> = T extends z.ZodType ? z.output<T> : undefined;

export type RouteRequest<R extends RouteDefinition> = FastifyRequest<{
  Params: Parsed<R['params']>;
  Querystring: Parsed<R['query']>;
  Body: Parsed<R['body']>;
}>;

export type RouteHandler<R extends RouteDefinition> = (
  request: RouteRequest<R>,
  reply: FastifyReply,
) => Promise<R['response'] extends z.ZodType ? z.input<R['response']> : void>;

export interface RouteOptions {
  /** Writes made while impersonating are audited unless the handler audits them itself. */
  audit?: boolean;
  /** A tighter body limit than the server's, in bytes. */
  bodyLimit?: number;
  /** Requests per address and window, counted in the shared store. */
  rateLimit?: { max: number; timeWindow: number };
  /** Also takes a plain form post from our own pages, sent before the form's script runs (no XSRF header). */
  plainForm?: boolean;
  /** A frequent write (an agent's ping) that leaves list totals to their brief expiry rather than clearing them. */
  keepsListTotals?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    audit?: boolean;
    plainForm?: boolean;
    keepsListTotals?: boolean;
    /** The API token scope that may call the route; without one, tokens are refused. */
    tokenScope?: ApiScope;
  }
}

/** `/customer/{id}/billing` → `/customer/:id/billing`. */
const toFastifyPath = (path: string) => path.replace(/\{([^}]+)\}/g, ':$1');

/**
 * Registers a contract group's routes with their schemas and access rules; a handler is required
 * for every route of the group, so nothing in the contract goes unserved.
 */
export function implement<G extends RouteGroup>(
  app: FastifyInstance,
  routes: G,
  handlers: { [K in keyof G]: RouteHandler<G[K]> },
  options: Partial<Record<keyof G, RouteOptions>> = {},
): void {
  for (const [name, route] of Object.entries(routes)) {
    const handler = handlers[name] as unknown as (
      request: FastifyRequest,
      reply: FastifyReply,
    ) => Promise<unknown>;
    const { audit = true, bodyLimit, rateLimit, plainForm, keepsListTotals } = options[name] ?? {};
    app.route({
      method: route.method,
      url: toFastifyPath(route.path),
      ...(bodyLimit && { bodyLimit }),
      config: {
        audit,
        ...(rateLimit && { rateLimit }),
        ...(plainForm && { plainForm }),
        ...(keepsListTotals && { keepsListTotals }),
        ...(route.tokenScope && { tokenScope: route.tokenScope }),
      },
      schema: {
        ...(route.params && { params: route.params }),
        ...(route.query && { querystring: route.query }),
        ...(route.body && { body: route.body }),
        ...(route.response && { response: { 200: route.response } }),
      },
      onRequest: accessGuard(route),
      preHandler: tenantGuard(route),
      async handler(request, reply) {
        const run = () => handler(request, reply);
        const result = await (route.creates ? oncePerKey(request, reply, run) : run());
        // A handler that answers itself (a file, a script) has sent its reply already.
        if (reply.sent) return reply;
        if (route.response) return result;
        return reply.code(204).send();
      },
    });
  }
}
