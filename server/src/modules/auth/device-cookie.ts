import { hkdfSync, randomBytes } from 'node:crypto';
import { signerFactory } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** How long a browser stays known to the account it signed in to (decided in docs/decisions/0020-account-lockout.md). */
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export interface KnownDevice {
  /** Random per sign-in: what this browser's failures are counted under. */
  id: string;
  /** The email address of the account whose password this browser proved. */
  account: string;
}

/**
 * The device cookie: after a successful sign-in the browser holds a random id signed together
 * with the account, so that its failed sign-ins to that account are counted apart from everyone
 * else's. A missing, forged or altered cookie reads as an unknown device.
 */
export function deviceCookies(options: { secret: string; secureCookies: boolean }) {
  const name = options.secureCookies ? '__Host-tw_device' : 'tw_device';
  const signer = signerFactory(
    Buffer.from(hkdfSync('sha256', options.secret, 'tidewatch', 'device-cookies', 32)),
  );

  return {
    issue(reply: FastifyReply, account: string): void {
      const value = `${randomBytes(16).toString('base64url')}:${account}`;
      reply.setCookie(name, signer.sign(value), {
        path: '/',
        httpOnly: true,
        sameSite: 'strict',
        secure: options.secureCookies,
        maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
      });
    },

    read(request: FastifyRequest): KnownDevice | null {
      const cookie = request.cookies[name];
      if (!cookie) return null;
      const { valid, value } = signer.unsign(cookie);
      const separator = value?.indexOf(':') ?? -1;
      if (!valid || !value || separator < 1) return null;
      return { id: value.slice(0, separator), account: value.slice(separator + 1) };
    },
  };
}
