/** The spec's public pages, each of which must exist in English and in Danish. */
export const PUBLIC_PAGES = [
  '/',
  '/why-tidewatch',
  '/services',
  '/pricing',
  '/features',
  '/linux',
  '/kubernetes',
  '/reseller',
  '/about-us',
  '/about-us/solutions-brief',
  '/careers',
  '/termsconditions',
  '/privacy',
  '/cookies',
  '/data-processing',
  '/security',
  '/unsubscribe',
  '/login',
  '/sign-up',
  '/blog',
];

/** A public page's Danish twin, under /da. */
export const inDanish = (path: string) => (path === '/' ? '/da' : `/da${path}`);

/**
 * Pages a mail or a form leads to, as they are reached, in both languages: noindex, so the sitemap
 * leaves them out (site/src/seo.ts), yet they must keep every promise the sitemap's pages keep.
 */
const MAILED_PAGES = [
  '/forgot-password',
  '/set-password?token=abc',
  '/confirm-sign-up?token=abc',
  '/unsubscribe',
];
export const TRANSACTIONAL_PAGES = [...MAILED_PAGES, ...MAILED_PAGES.map(inDanish)];

const locations = (xml: string) =>
  [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? '').pathname);

/** What reads the served site: Playwright's request context, or `fetch` on the server's address. */
interface SiteReader {
  get(path: string): Promise<{ text(): Promise<string> }>;
}

/** Every page the sitemap lists, in the language it is in. */
export async function sitemapPaths(request: SiteReader): Promise<string[]> {
  const paths: string[] = [];
  for (const sitemap of locations(await (await request.get('/sitemap-index.xml')).text())) {
    paths.push(...locations(await (await request.get(sitemap)).text()));
  }
  return paths;
}
