import type { APIRoute } from 'astro';

/** Crawlers may read the site; the portal and the API are not for them. */
export const GET: APIRoute = ({ site }) => {
  const sitemap = new URL('/sitemap-index.xml', site ?? 'http://localhost:3000').href;
  const body = [
    'User-agent: *',
    'Allow: /',
    'Disallow: /user/',
    'Disallow: /customer/',
    'Disallow: /admin/',
    'Disallow: /api/',
    `Sitemap: ${sitemap}`,
  ];
  return new Response(`${body.join('\n')}\n`, { headers: { 'content-type': 'text/plain; charset=utf-8' } });
};
