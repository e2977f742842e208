import { expect, test } from '@playwright/test';
import { sitemapPaths } from '../support/site';

test('the blog pages through its posts, newest first', async ({ page }) => {
  await page.goto('/blog');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Notes from the operations team');
  await expect(page.locator('link[type="application/rss+xml"]')).toHaveAttribute('href', '/blog/rss.xml');
  const posts = page.locator('main article');
  await expect(posts).toHaveCount(4);
  const dates = await page
    .locator('main article time')
    .evaluateAll((times) => times.map((time) => time.getAttribute('datetime') ?? ''));
  expect(dates).toEqual([...dates].sort().reverse());

  const pages = page.getByRole('navigation', { name: 'Blog pages' });
  await expect(pages.getByRole('link', { name: 'Page 1 of 2' })).toHaveAttribute('aria-current', 'page');
  await pages.getByRole('link', { name: /Older posts/ }).click();
  await expect(page).toHaveURL(/\/blog\/page\/2$/);
  await expect(page).toHaveTitle(/Page 2 of 2/);
  expect(await page.locator('main article').count()).toBeGreaterThan(0);
  await page
    .getByRole('navigation', { name: 'Blog pages' })
    .getByRole('link', { name: /Newer posts/ })
    .click();
  await expect(page).toHaveURL(/\/blog$/);
});

test('a tag page lists the posts with that tag', async ({ page }) => {
  await page.goto('/blog');
  await page
    .getByRole('region', { name: 'Topics' })
    .getByRole('link', { name: 'Kubernetes', exact: true })
    .click();
  await expect(page).toHaveURL(/\/blog\/tags\/kubernetes$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Posts about Kubernetes');
  const titles = page.locator('main article h2');
  await expect(titles).toHaveCount(2);
  await expect(titles).toContainText(['Kubernetes', 'Kubernetes']);
});

test('tags read as words, not slugs, in both languages', async ({ page }) => {
  await page.goto('/blog/tags/service-windows');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Posts about Service windows');
  await expect(page).toHaveTitle(/^Posts about Service windows · /);
  await page.goto('/da/blog/tags/servicevinduer');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Indlæg om Servicevinduer');
  const topics = await page.getByRole('list', { name: 'Emner' }).first().getByRole('link').allTextContents();
  for (const topic of topics) expect(topic).not.toMatch(/^[a-z-]+$/);
});

test('a post has its metadata, a responsive cover and a link to its translation', async ({ page }) => {
  await page.goto('/blog');
  await page.getByRole('link', { name: 'Kubernetes upgrades, one minor version at a time' }).click();
  await expect(page).toHaveURL(/\/blog\/kubernetes-upgrades-one-minor-at-a-time$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Kubernetes upgrades, one minor version at a time',
  );
  await expect(page.locator('main time')).toHaveText('14 September 2026');
  await expect(page.getByRole('heading', { level: 2, name: /Read the changelog/ })).toBeVisible();
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /^https?:\/\//);

  const cover = page.getByRole('img', { name: /ring of cluster nodes/ });
  const srcset = (await cover.getAttribute('srcset')) ?? '';
  expect(srcset).toContain(' 640w');
  expect(srcset).toContain(' 3840w');
  expect(await cover.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(
    true,
  );

  await page.getByRole('link', { name: 'Læs på dansk' }).click();
  await expect(page).toHaveURL(/\/da\/blog\/kubernetes-opgradering-uden-nedetid$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'da');
  await expect(page.locator('main time')).toHaveText('15. september 2026');
});

test('a post without a translation switches language to the other blog', async ({ page }) => {
  await page.goto('/blog/alerts-worth-waking-up-for');
  await expect(page.locator('link[rel="alternate"][hreflang="da"]:not([type])')).toHaveCount(0);
  await expect(page.locator('link[rel="alternate"][hreflang="en"]:not([type])')).toHaveCount(1);
  await page.getByRole('link', { name: /^DA/ }).click();
  await expect(page).toHaveURL(/\/da\/blog$/);
});

test('the Danish blog has its own posts, dates and feed', async ({ page }) => {
  await page.goto('/da/blog');
  await expect(page.locator('html')).toHaveAttribute('lang', 'da');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Noter fra driftsteamet');
  expect(await page.locator('main article').count()).toBeGreaterThanOrEqual(3);
  await expect(page.locator('main article time').first()).toHaveText(/^\d{1,2}\. [a-zæøå]+ \d{4}$/);
  await expect(page.getByRole('link', { name: 'NIS2 i praksis for jeres Linux-servere' })).toBeVisible();
});

for (const [path, language, minimum] of [
  ['/blog/rss.xml', 'en-gb', 5],
  ['/da/blog/rss.xml', 'da-dk', 3],
] as const) {
  test(`${path} is a valid RSS feed with the posts`, async ({ page, request }) => {
    const response = await request.get(path);
    expect(response.status()).toBe(200);
    const feed = await page.evaluate(
      (xml) => {
        const document = new DOMParser().parseFromString(xml, 'application/xml');
        return {
          error: document.querySelector('parsererror')?.textContent ?? null,
          root: document.documentElement.nodeName,
          language: document.querySelector('channel > language')?.textContent,
          items: [...document.querySelectorAll('item')].map((item) => ({
            title: item.querySelector('title')?.textContent ?? '',
            link: item.querySelector('link')?.textContent ?? '',
            pubDate: item.querySelector('pubDate')?.textContent ?? '',
          })),
        };
      },
      await response.text(),
    );
    expect(feed.error).toBeNull();
    expect(feed.root).toBe('rss');
    expect(feed.language).toBe(language);
    expect(feed.items.length).toBeGreaterThanOrEqual(minimum);
    for (const item of feed.items) {
      expect(item.title).not.toBe('');
      expect(item.link).toMatch(/^https?:\/\/[^/]+(\/da)?\/blog\/[a-z0-9-]+$/);
      expect(Number.isNaN(Date.parse(item.pubDate))).toBe(false);
      expect((await request.get(new URL(item.link).pathname)).status()).toBe(200);
    }
  });
}

test('the sitemap lists the blog, its pages, tags and posts in both languages', async ({ request }) => {
  const paths = await sitemapPaths(request);
  for (const path of [
    '/blog',
    '/blog/page/2',
    '/blog/tags/kubernetes',
    '/blog/postgresql-backups-you-have-restored',
    '/da/blog',
    '/da/blog/nis2-i-praksis-for-linux-servere',
  ]) {
    expect(paths).toContain(path);
  }
});
