import { expect, test } from '@playwright/test';
import { BUILD_ORIGIN } from '@tidewatch/content';
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

  test('the footer and the legal pages name the seller the server is configured with', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const server = await startServer({
      env: {
        SELLER_LEGAL_NAME: 'Nordlys & Søn ApS',
        SELLER_ADDRESS: 'Åboulevard 1, 2200 København N, Denmark',
        SELLER_VAT_NUMBER: 'DK29000018',
      },
    });
    servers.push(server);
    const page = await browser.newPage({ baseURL: server.url, viewport: { width: 390, height: 844 } });
    const identity = 'Nordlys & Søn ApS, CVR-nr. 29000018, Åboulevard 1, 2200 København N, Denmark';
    for (const path of ['/da/termsconditions', '/da/privacy', '/da/data-processing']) {
      await page.goto(path);
      await expect(page.getByText(`Udgivet af: ${identity}`)).toBeVisible();
      await expect(page.getByRole('contentinfo')).toContainText(`© ${new Date().getFullYear()} ${identity}.`);
    }
    await expect(page.getByRole('article')).toContainText(`vi, ${identity}, er din databehandler`);
    await page.goto('/privacy');
    await expect(page.getByRole('article')).toContainText(
      'We, Nordlys & Søn ApS, CVR no. 29000018, Åboulevard 1, 2200 København N, Denmark, are the data controller',
    );
    await expect(page.locator('body')).not.toContainText('Tidewatch ApS');
    await page.close();
  });
});
