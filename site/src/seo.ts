import { unlocalizedPath } from './i18n';

/**
 * Pages reached from a mail or a form, never from a search: setting or resetting a password,
 * confirming a sign-up, unsubscribing. Not indexed and left out of the sitemap.
 */
const TRANSACTIONAL_PATHS = new Set([
  '/forgot-password',
  '/set-password',
  '/confirm-sign-up',
  '/unsubscribe',
]);

/** Whether a page (any language, with or without `.html`) is one search engines should not list. */
export const isTransactional = (pathname: string) => TRANSACTIONAL_PATHS.has(unlocalizedPath(pathname));

/** A built page's file under `dist` (`build.format: 'file'`): `/` is index.html, `/da/pricing` da/pricing.html. */
export const builtPageFile = (pathname: string) =>
  pathname === '/' ? 'index.html' : `${pathname.slice(1)}.html`;

/**
 * The languages a built page names in its head (`<link rel="alternate" hreflang>`, written by
 * ../components/Head.astro), for the sitemap to repeat: one source, so the two cannot disagree.
 */
export function hreflangLinks(html: string): { lang: string; url: string }[] {
  return [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)"/g)].map(
    ([, lang = '', url = '']) => ({ lang, url: url.replaceAll('&amp;', '&') }),
  );
}

/** Where a page's link-preview card is written by the build (see ./og-images), e.g. `/og/da/pricing.png`. */
export const previewCardPath = (pathname: string) =>
  `/og${pathname === '/' ? '/index' : pathname.replace(/\.html$/, '')}.png`;

/** JSON for a `<script type="application/ld+json">`: `<` escaped so text can never close the element. */
export const jsonLd = (data: object) =>
  JSON.stringify({ '@context': 'https://schema.org', ...data }).replace(/</g, '\\u003c');

/** The origin absolute addresses are built with: Astro's `site` (the stand-in, decision 28). */
export const siteOrigin = (site: URL | undefined) => site ?? new URL('http://localhost:3000');
