import { createHmac, timingSafeEqual } from 'node:crypto';
import { MAIL_CATEGORIES, type MailCategory } from '@tidewatch/contract';
/** Who a one-click unsubscribe link is for: an address and the kind of mail. */
export interface MailLink {
  email: string;
  category: MailCategory;
}

/**
 * Signed links that stop one kind of mail to one address (RFC 8058 one-click), so the person who
 * got it can stop it without signing in; the signature is the only secret, so links never expire.
 */
export function createMailLinks(secret: string, publicUrl: string) {
  const sign = (payload: string) =>
    createHmac('sha256', `mail-links:${secret}`).update(payload).digest('base64url');
  return {
    url({ email, category }: MailLink): string {
      const payload = Buffer.from(JSON.stringify([email.toLowerCase(), category])).toString('base64url');
      return `${publicUrl}/api/mail/unsubscribe/${payload}.${sign(payload)}`;
    },
    /** The link's address and kind; null for a token that is not ours. */
    read(token: string): MailLink | null {
      const [payload, signature] = token.split('.');
      if (!payload || !signature) return null;
      const expected = Buffer.from(sign(payload));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      try {
        const [email, category] = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
        if (typeof email !== 'string' || !MAIL_CATEGORIES.includes(category)) return null;
        return { email, category };
      } catch {
        return null;
      }
    },
  };
}
export type MailLinks = ReturnType<typeof createMailLinks>;
