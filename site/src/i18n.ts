import { SITE_LOCALES, type SiteLocale, siteText } from '@tidewatch/content';

/** Every page exists in each language: English at its path, Danish under /da. */
export function localePaths() {
  return SITE_LOCALES.map((locale) => ({
    params: { lang: locale === 'en' ? undefined : locale },
    props: { locale },
  }));
}

export function localizedPath(path: string, locale: SiteLocale): string {
  if (locale === 'en') return path;
  return path === '/' ? '/da' : `/da${path}`;
}

/** The path without its language prefix, so the language switch keeps the page. */
export function unlocalizedPath(pathname: string): string {
  // Built pages are files (/da.html for the Danish home page, /index for the English one, as Astro 7
  // names it while building): drop the extension and the index first.
  const stripped = pathname
    .replace(/\.html$/, '')
    .replace(/(^|\/)index$/, '')
    .replace(/^\/da(?=\/|$)/, '');
  return stripped === '' ? '/' : stripped;
}

export const textFor = (locale: SiteLocale) => siteText[locale];
export type { SiteLocale };
