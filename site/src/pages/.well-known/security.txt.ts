import { brand } from '@tidewatch/content';
import type { APIRoute } from 'astro';

/** How long a build's security.txt stays valid: RFC 9116 asks for less than a year. */
const VALID_DAYS = 180;

/** Where to report a vulnerability (RFC 9116); the server puts PUBLIC_URL into the address at start. */
export const GET: APIRoute = ({ site }) => {
  const canonical = new URL('/.well-known/security.txt', site ?? 'http://localhost:3000').href;
  const expires = new Date(Date.now() + VALID_DAYS * 86_400_000);
  expires.setUTCHours(0, 0, 0, 0);
  const body = [
    `Contact: mailto:${brand.contact.securityEmail}`,
    `Expires: ${expires.toISOString()}`,
    'Preferred-Languages: en, da',
    `Canonical: ${canonical}`,
  ];
  return new Response(`${body.join('\n')}\n`, { headers: { 'content-type': 'text/plain; charset=utf-8' } });
};
