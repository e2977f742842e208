import { expect, test } from '@playwright/test';
import { BUILD_ORIGIN } from '../../server/src/plugins/public-origin';
import { pdfText } from '../support/pdf-text';
import { type RunningServer, startServer } from '../support/server';

test.describe('one built site served under two addresses', () => {
  const servers: RunningServer[] = [];
  test.afterAll(async () => {
    for (const server of servers) await server.stop();
  });

  test('each server writes its own PUBLIC_URL into every absolute address', async ({ playwright }) => {
    test.setTimeout(120_000);
    for (const origin of ['https://status.example.com', 'https://ops.example.org']) {
      const server = await startServer({ env: { PUBLIC_URL: origin } });
      servers.push(server);
      const request = await playwright.request.newContext({ baseURL: server.url });

      const page = await (await request.get('/pricing')).text();
      expect(page).toContain(`<link rel="canonical" href="${origin}/pricing">`);
      expect(page).toContain(`<meta property="og:url" content="${origin}/pricing">`);
      expect(page).toContain(`<meta property="og:image" content="${origin}/og/pricing.png">`);
      expect(page).toContain(`<link rel="alternate" hreflang="da" href="${origin}/da/pricing">`);
      expect(page).not.toContain(BUILD_ORIGIN);

      expect(await (await request.get('/robots.txt')).text()).toContain(
        `Sitemap: ${origin}/sitemap-index.xml`,
      );
      // RFC 9116: a contact, an expiry under a year ahead, the languages, and its own address.
      const security = await (await request.get('/.well-known/security.txt')).text();
      expect(security).toContain('Contact: mailto:security@tidewatch.example');
      expect(security).toContain('Preferred-Languages: en, da');
      expect(security).toContain(`Canonical: ${origin}/.well-known/security.txt`);
      const expires = Date.parse(/^Expires: (.+)$/m.exec(security)?.[1] ?? '');
      expect(expires).toBeGreaterThan(Date.now());
      expect(expires).toBeLessThan(Date.now() + 365 * 86_400_000);
      expect(await (await request.get('/sitemap-index.xml')).text()).toContain(
        `<loc>${origin}/sitemap-0.xml</loc>`,
      );
      const sitemap = await (await request.get('/sitemap-0.xml')).text();
      expect(sitemap).toContain(`<loc>${origin}/pricing</loc>`);
      expect(sitemap).not.toContain(BUILD_ORIGIN);
      const feed = await (await request.get('/blog/rss.xml')).text();
      expect(feed).toContain(`<link>${origin}/blog</link>`);
      expect(feed).not.toContain(BUILD_ORIGIN);

      for (const file of ['/downloads/solutions-brief.pdf', '/da/downloads/reseller-datasheet.pdf']) {
        const pdf = await pdfText(await (await request.get(file)).body());
        expect(pdf, file).toContain(origin);
        expect(pdf, file).not.toContain(BUILD_ORIGIN);
      }
      await request.dispose();
    }
  });
});
