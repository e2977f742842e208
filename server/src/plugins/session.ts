import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type ApiTokenAuthenticator, apiTokenOf, signInWithApiToken } from '../core/api-tokens';
import { authContextOf, usableAt } from '../core/session';
import { createSessionCache } from '../core/session-cache';
import { SESSION_POLICY } from '../core/session-policy';
import { deleteSession, prepareFindSession, sessionIdOf, touchSession } from '../core/session-repository';
import type { DatabaseHandle } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    sessionCookieName: string;
    setSessionCookie(reply: FastifyReply, token: string, expiresAt: Date): void;
    clearSessionCookie(reply: FastifyReply): void;
  }
}

export interface SessionPluginOptions {
  secureCookies: boolean;
  now: () => Date;
  /** The database's notifications; with them, sessions are kept briefly in memory. */
  listen?: DatabaseHandle['listen'] | undefined;
  apiTokens: ApiTokenAuthenticator;
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Reads the session cookie (or an API token) on every API request, ending sessions that ran out. */
export const sessionPlugin = fp(async (app: FastifyInstance, options: SessionPluginOptions) => {
  const cookieName = options.secureCookies ? '__Host-tw_session' : 'tw_session';
  const cookieOptions = {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: options.secureCookies,
  } as const;

  app.decorate('sessionCookieName', cookieName);
  app.decorate('setSessionCookie', (reply: FastifyReply, token: string, expiresAt: Date) => {
    reply.setCookie(cookieName, token, { ...cookieOptions, expires: expiresAt });
  });
  app.decorate('clearSessionCookie', (reply: FastifyReply) => {
    reply.clearCookie(cookieName, cookieOptions);
  });
  app.decorateRequest('auth', null);
  app.decorateRequest('tenant', null);
  app.decorateRequest('sessionToken', null);

  const findSession = prepareFindSession(app.db);
  const cache = options.listen ? await createSessionCache(findSession, options.listen) : null;
  if (cache) {
    app.addHook('onClose', async () => cache.stop());
    // A write here (sign-out, a role or password change) is seen by this replica's next request at once.
    app.addHook('onResponse', async (request, reply) => {
      if (WRITES.has(request.method) && reply.statusCode < 400) cache.forgetAll();
    });
  }
  const loadSession = async (id: string) =>
    cache ? cache.load(id) : { loaded: await findSession(id), kept: false };
  /**
   * Sessions whose last_seen_at is being written, so concurrent requests don't write it again;
   * a later time asked for meanwhile is written next.
   */
  const touching = new Map<string, { done: Promise<void>; next: Date | null }>();
  // The response does not wait for the write: a lost touch costs at most one interval of idleness.
  const touchInBackground = (id: string, at: Date) => {
    const current = touching.get(id);
    if (current) {
      current.next = at;
      return;
    }
    const entry: { done: Promise<void>; next: Date | null } = { done: Promise.resolve(), next: null };
    const write = async (when: Date): Promise<void> => {
      await touchSession(app.db, id, when).catch((error: unknown) =>
        app.log.warn({ err: error }, 'could not record session activity'),
      );
      const next = entry.next;
      entry.next = null;
      if (next) await write(next);
    };
    entry.done = write(at).finally(() => touching.delete(id));
    touching.set(id, entry);
  };

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    // A call with an API token is the token's alone: its cookies are not read.
    const bearer = apiTokenOf(request.headers.authorization);
    if (bearer !== undefined) return signInWithApiToken(request, bearer, options.apiTokens);
    const token = request.cookies[cookieName];
    if (!token) return;
    request.sessionToken = token;
    const id = sessionIdOf(token);
    const now = options.now();
    const touch = touching.get(id)?.done;
    const found = await loadSession(id);
    let loaded = found.loaded;
    // Only the database's own word ends a session, once its activity is written: one kept in
    // memory, or read while a touch was on its way, is read again first.
    if (loaded && !usableAt(loaded, now) && (found.kept || touch)) {
      await touch;
      loaded = await findSession(id);
    }
    // A session ended elsewhere (signed out, password changed) leaves its cookie behind: drop it.
    if (!loaded) {
      app.clearSessionCookie(reply);
      return;
    }
    if (!usableAt(loaded, now)) {
      await deleteSession(app.db, id);
      app.clearSessionCookie(reply);
      return;
    }
    const idleFor = now.getTime() - loaded.session.lastSeenAt.getTime();
    if (idleFor >= SESSION_POLICY.touchEveryMs) touchInBackground(id, now);
    request.auth = authContextOf(id, loaded);
  });
});
