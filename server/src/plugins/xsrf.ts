import { createHash } from 'node:crypto';
import Tokens from '@fastify/csrf';
import csrfProtection from '@fastify/csrf-protection';
import { XSRF_COOKIE } from '@tidewatch/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sets a fresh readable XSRF-TOKEN cookie bound to the given session token (or to none). */
    issueXsrfToken(reply: FastifyReply, sessionToken: string | null): void;
    /** Issues a token only when the browser's is missing or bound to another session. */
    renewXsrfToken(request: FastifyRequest, reply: FastifyReply, sessionToken: string | null): void;
  }
}

export interface XsrfPluginOptions {
  secureCookies: boolean;
  hmacKey: string;
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * A form on one of our pages posted by the browser itself, before its script ran: a route that takes
 * those (an anonymous form, which a forged post gains nothing from) accepts them from our own origin
 * without the XSRF header, which a static page cannot carry. `Sec-Fetch-Site` says so even where the
 * page's referrer policy makes the browser send `Origin: null`.
 */
export function isPlainFormPost(request: FastifyRequest): boolean {
  if (!request.routeOptions.config.plainForm || request.headers['x-xsrf-token'] !== undefined) return false;
  return request.headers['sec-fetch-site'] === 'same-origin';
}

const bindingOf = (sessionToken: string | null) =>
  sessionToken ? createHash('sha256').update(`xsrf:${sessionToken}`).digest('base64url') : 'anonymous';

/**
 * Double-submit XSRF protection: an HttpOnly secret cookie, and a readable XSRF-TOKEN cookie
 * signed with it and bound to the session, which every POST/PUT/PATCH/DELETE must echo in
 * the X-XSRF-TOKEN header.
 */
export const xsrfPlugin = fp(async (app: FastifyInstance, options: XsrfPluginOptions) => {
  const cookieOptions = { path: '/', sameSite: 'lax', secure: options.secureCookies } as const;
  const secretCookie = options.secureCookies ? '__Host-tw_xsrf_secret' : 'tw_xsrf_secret';
  const csrfOptions = { userInfo: true, hmacKey: options.hmacKey } as const;
  // Checks tokens exactly as the protection below does, to tell whether the browser's still holds.
  const tokens = new Tokens(csrfOptions);
  await app.register(csrfProtection, {
    sessionPlugin: '@fastify/cookie',
    cookieKey: secretCookie,
    cookieOpts: { ...cookieOptions, httpOnly: true },
    csrfOpts: csrfOptions,
    getUserInfo: (request: FastifyRequest) => bindingOf(request.sessionToken),
    getToken: (request: FastifyRequest) => request.headers['x-xsrf-token'] as string | undefined,
  });

  app.decorate('issueXsrfToken', (reply: FastifyReply, sessionToken: string | null) => {
    const token = reply.generateCsrf({ userInfo: bindingOf(sessionToken) });
    reply.setCookie(XSRF_COOKIE, token, { ...cookieOptions, httpOnly: false });
  });

  app.decorate(
    'renewXsrfToken',
    (request: FastifyRequest, reply: FastifyReply, sessionToken: string | null) => {
      const secret = request.cookies[secretCookie];
      const current = request.cookies[XSRF_COOKIE];
      if (secret && current && tokens.verify(secret, current, bindingOf(sessionToken))) return;
      app.issueXsrfToken(reply, sessionToken);
    },
  );

  app.addHook('onRequest', (request, reply, done) => {
    // The session plugin has just cleared a cookie naming no usable session: the browser's next
    // token is for no session, as its next request will be.
    if (request.sessionToken && !request.auth) app.issueXsrfToken(reply, null);
    if (!MUTATING.has(request.method)) return done();
    if (isPlainFormPost(request)) return done();
    // A token call carries no cookie a forged request could ride on: there is nothing to protect.
    if (request.auth?.apiToken) return done();
    app.csrfProtection(request, reply, done);
  });
});
