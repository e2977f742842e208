import { brand } from '@tidewatch/content';
import type { FastifyInstance } from 'fastify';

/** How far ahead security.txt says it expires: RFC 9116 asks for less than a year. */
const VALID_DAYS = 180;

/**
 * Where to report a vulnerability (RFC 9116). Written when asked, so its `Expires` always lies
 * ahead of the reader however old the build is, with PUBLIC_URL in its canonical address.
 */
export async function securityTxtRoutes(app: FastifyInstance, options: { publicUrl: string }) {
  app.get('/.well-known/security.txt', async (_request, reply) => {
    const expires = new Date(app.now().getTime() + VALID_DAYS * 86_400_000);
    expires.setUTCHours(0, 0, 0, 0);
    const lines = [
      `Contact: mailto:${brand.contact.securityEmail}`,
      `Expires: ${expires.toISOString()}`,
      'Preferred-Languages: en, da',
      `Canonical: ${options.publicUrl}/.well-known/security.txt`,
      `Policy: ${options.publicUrl}/security`,
    ];
    return reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'max-age=86400')
      .send(`${lines.join('\n')}\n`);
  });
}
