import type { APIRequestContext } from '@playwright/test';

const locations = (xml: string) =>
  [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? '').pathname);

/** Every page the sitemap lists, in the language it is in. */
export async function sitemapPaths(request: APIRequestContext): Promise<string[]> {
  const paths: string[] = [];
  for (const sitemap of locations(await (await request.get('/sitemap-index.xml')).text())) {
    paths.push(...locations(await (await request.get(sitemap)).text()));
  }
  return paths;
}
