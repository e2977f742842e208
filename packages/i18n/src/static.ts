import { type I18n, type Messages, setupI18n } from '@lingui/core';

/** The compiled catalogs an island brings along: only the messages it uses (decision 0037). */
export type IslandCatalogs = Record<'en' | 'da', Messages>;

const instances = new WeakMap<IslandCatalogs, Partial<Record<'en' | 'da', I18n>>>();

/**
 * For the site's islands, which also render at build time: the island's own catalogs are bundled
 * with it, so its locale is ready without waiting. One instance per island and locale.
 */
export function islandI18n(locale: 'en' | 'da', catalogs: IslandCatalogs): I18n {
  const forCatalogs = instances.get(catalogs) ?? {};
  instances.set(catalogs, forCatalogs);
  forCatalogs[locale] ??= setupI18n({ locale, messages: { [locale]: catalogs[locale] } });
  return forCatalogs[locale];
}
export { formLanguage } from './form-language';
