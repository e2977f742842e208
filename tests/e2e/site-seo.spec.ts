import { expect, type Page, test } from '@playwright/test';
import { BUILD_ORIGIN } from '@tidewatch/content';

/** The schema.org objects a page carries, parsed from its JSON-LD blocks. */
async function structuredData(page: Page): Promise<Record<string, unknown>[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((text) => JSON.parse(text));
}

/** The server's PUBLIC_URL: unset in the e2e server, so `http://localhost:<port>` (server/src/config.ts). */
const publicOrigin = (baseURL: string | undefined) => `http://localhost:${new URL(baseURL ?? '').port}`;

/** Every string in a JSON value that looks like an address. */
const addressesIn = (value: unknown): string[] =>
  JSON.stringify(value)
    .match(/"(https?:[^"]*)"/g)
    ?.map((quoted) => JSON.parse(quoted)) ?? [];

test.describe('search engines', () => {
  for (const path of [
    '/forgot-password',
    '/set-password',
    '/confirm-sign-up',
    '/unsubscribe',
    '/da/forgot-password',
    '/da/set-password',
  ]) {
    test(`${path} is not indexed and not in the sitemap`, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
      await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);
      const sitemap = await (await page.request.get('/sitemap-0.xml')).text();
      expect(sitemap).not.toContain(`${path}<`);
    });
  }

  test('pages meant to be found stay indexed and listed', async ({ page, baseURL }) => {
    const origin = publicOrigin(baseURL);
    const sitemap = await (await page.request.get('/sitemap-0.xml')).text();
    for (const path of ['/pricing', '/da/pricing', '/login', '/sign-up']) {
      expect(sitemap).toContain(`<loc>${origin}${path}</loc>`);
      await page.goto(path);
      await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
    }
  });

  test('the sitemap names the same languages of every page as the page itself, translated blog posts too', async ({
    request,
    baseURL,
  }) => {
    const origin = publicOrigin(baseURL);
    const alternates = (html: string) =>
      [...html.matchAll(/<(?:xhtml:)?link rel="alternate" hreflang="([^"]+)" href="([^"]+)"/g)]
        .map(([, lang, href]) => `${lang} ${href}`)
        .sort();
    const sitemap = await (await request.get('/sitemap-0.xml')).text();
    const entries = [...sitemap.matchAll(/<url><loc>([^<]+)<\/loc>(.*?)<\/url>/g)].map(
      ([, loc = '', links = '']) => ({
        path: new URL(loc).pathname,
        listed: alternates(links),
      }),
    );
    expect(entries.length).toBeGreaterThan(60);
    for (const { path, listed } of entries) {
      const page = await (await request.get(path)).text();
      expect(listed, path).toEqual(alternates(page));
    }
    // A translated post's twin has its own slug; a post in one language names only itself.
    const languagesOf = (path: string) => entries.find((entry) => entry.path === path)?.listed;
    expect(languagesOf('/da/blog/patch-linux-i-et-servicevindue')).toEqual([
      `da ${origin}/da/blog/patch-linux-i-et-servicevindue`,
      `en ${origin}/blog/patching-linux-in-a-service-window`,
      `x-default ${origin}/blog/patching-linux-in-a-service-window`,
    ]);
    expect(languagesOf('/da/blog/nis2-i-praksis-for-linux-servere')).toEqual([
      `da ${origin}/da/blog/nis2-i-praksis-for-linux-servere`,
    ]);
  });

  test('JSON-LD: Organization, Product with offers, FAQPage, BlogPosting, with addresses under PUBLIC_URL', async ({
    page,
    baseURL,
  }) => {
    const origin = publicOrigin(baseURL);
    const found = new Map<string, Record<string, unknown>>();
    for (const path of ['/', '/pricing', '/da/pricing', '/linux', '/about-us', '/blog']) {
      await page.goto(path);
      for (const data of await structuredData(page)) {
        expect(data['@context']).toBe('https://schema.org');
        for (const address of addressesIn(data)) {
          if (address.startsWith('https://schema.org')) continue;
          expect(address, path).toMatch(new RegExp(`^${origin}/`));
          expect(address).not.toContain(BUILD_ORIGIN);
        }
        found.set(`${path} ${data['@type']}`, data);
      }
    }
    expect(found.get('/ Organization')).toMatchObject({ name: 'Tidewatch', url: `${origin}/` });
    const product = found.get('/pricing Product') as {
      offers: { name: string; price: number; priceCurrency: string }[];
    };
    expect(product.offers.map((offer) => [offer.name, offer.price, offer.priceCurrency])).toEqual([
      ['Basic', 29, 'EUR'],
      ['Bronze', 49, 'EUR'],
      ['Silver', 79, 'EUR'],
      ['Gold', 129, 'EUR'],
      ['Platinum', 199, 'EUR'],
    ]);
    expect(found.get('/da/pricing Product')).toMatchObject({ url: `${origin}/da/pricing` });
    // The FAQ's questions are the ones the page shows.
    const faq = found.get('/pricing FAQPage') as { mainEntity: { name: string }[] };
    await page.goto('/pricing');
    // The page's own FAQ, not the nav's groups, which are disclosures too.
    const questions = await page.locator('main details summary').allTextContents();
    expect(faq.mainEntity.map((question) => question.name)).toEqual(questions.map((text) => text.trim()));
    expect(found.get('/linux FAQPage')).toBeDefined();

    await page.goto('/blog');
    await page.locator('main article a').first().click();
    const [posting] = await structuredData(page);
    expect(posting).toMatchObject({
      '@type': 'BlogPosting',
      mainEntityOfPage: `${origin}${new URL(page.url()).pathname}`,
    });
    expect(posting?.headline).toBe(await page.getByRole('heading', { level: 1 }).textContent());
  });

  test('each page has its own preview card with its title, and a large Twitter card', async ({
    page,
    baseURL,
  }) => {
    const origin = publicOrigin(baseURL);
    const cards = new Map<string, string>();
    for (const path of ['/pricing', '/da/pricing', '/features', '/da']) {
      await page.goto(path);
      await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute(
        'content',
        'summary_large_image',
      );
      const image = (await page.locator('meta[property="og:image"]').getAttribute('content')) ?? '';
      expect(image, path).toMatch(new RegExp(`^${origin}/og/`));
      const response = await page.request.get(new URL(image).pathname);
      expect(response.headers()['content-type']).toBe('image/png');
      const png = await response.body();
      // 1200 × 630, read from the PNG's header.
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
      cards.set(path, png.toString('base64'));
    }
    expect(new Set(cards.values()).size).toBe(cards.size);
  });
});
