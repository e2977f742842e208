import { createHmac, timingSafeEqual } from 'node:crypto';
import { contract, FIELD_REFUSALS } from '@tidewatch/contract';
import type { FastifyInstance } from 'fastify';
import { implement } from '../../core/route';
import { HttpError } from '../../lib/http-error';
import { unsubscribeAddress } from './repository';

export const UNSUBSCRIBE_LIMITS = { perAddress: 10, windowMs: 15 * 60_000 } as const;

/** Signs unsubscribe links in marketing mail, so a click can confirm without typing. */
export function createUnsubscribeLinks(secret: string, publicUrl: string) {
  const sign = (email: string) =>
    createHmac('sha256', `unsubscribe:${secret}`).update(email.toLowerCase()).digest('base64url');
  return {
    url: (email: string, language: 'en' | 'da' = 'en') =>
      `${publicUrl}${language === 'da' ? '/da' : ''}/unsubscribe?email=${encodeURIComponent(email)}&token=${sign(email)}`,
    verify(email: string, token: string): boolean {
      const expected = Buffer.from(sign(email));
      const given = Buffer.from(token);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}

export async function marketingRoutes(app: FastifyInstance, options: { secret: string; publicUrl: string }) {
  const links = createUnsubscribeLinks(options.secret, options.publicUrl);
  implement(
    app,
    contract.marketing,
    {
      async unsubscribe(request) {
        const { email, feedback, token } = request.body;
        // A link's token must be right: the page confirms such links without asking.
        if (token !== undefined && !links.verify(email, token)) {
          throw new HttpError(400, FIELD_REFUSALS.unsubscribeLinkInvalid, {
            token: [FIELD_REFUSALS.unsubscribeLinkInvalid],
          });
        }
        await unsubscribeAddress(app.db, email, feedback, app.now());
        request.log.info({ viaLink: token !== undefined }, 'address unsubscribed from marketing mail');
      },
    },
    {
      unsubscribe: {
        rateLimit: { max: UNSUBSCRIBE_LIMITS.perAddress, timeWindow: UNSUBSCRIBE_LIMITS.windowMs },
      },
    },
  );
}
