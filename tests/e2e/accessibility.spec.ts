import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { signIn } from '../support/portal';

const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

async function violations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(WCAG_AA).analyze();
  return results.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    nodes: violation.nodes.map((node) => node.target.join(' ')),
  }));
}

/** Every page the sitemap lists, in the language it is in. */
async function sitemapPaths(page: Page): Promise<string[]> {
  const index = await (await page.request.get('/sitemap-index.xml')).text();
  const sitemaps = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
    (match) => new URL(match[1] ?? '').pathname,
  );
  const paths: string[] = [];
  for (const sitemap of sitemaps) {
    const xml = await (await page.request.get(sitemap)).text();
    paths.push(...[...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? '').pathname));
  }
  return paths;
}

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`accessibility (${colorScheme})`, () => {
    test.use({ colorScheme });

    test('every page in the sitemap, and the 404 page, has no WCAG AA violation', async ({ page }) => {
      const paths = await sitemapPaths(page);
      expect(paths).toContain('/login');
      expect(paths).toContain('/da/login');
      for (const path of [...paths, '/no-such-page']) {
        await page.goto(path);
        expect(await violations(page), path).toEqual([]);
      }
    });

    test('the portal pages have no WCAG AA violation', async ({ page }) => {
      await signIn(page, 'admin@tidewatch.example');
      for (const path of ['/user/settings', '/admin/impersonate?customer=acmecorp', '/user/servers']) {
        await page.goto(path);
        await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
        expect(await violations(page), path).toEqual([]);
      }
    });
  });
}
