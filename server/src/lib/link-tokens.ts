import { createHash, randomBytes } from 'node:crypto';

export const tokenIdOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** The site's address for a user's language: English at the root, Danish under /da. */
export const sitePath = (language: 'en' | 'da', path: string) => `${language === 'da' ? '/da' : ''}${path}`;

/** A new single-use token for a mailed link, and the hash under which it is stored. */
export function newLinkToken() {
  const token = randomBytes(32).toString('base64url');
  return { token, id: tokenIdOf(token) };
}
