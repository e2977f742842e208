import { i18n } from '@lingui/core';
import { messages as da } from '../locales/da/messages.po';
import { messages as en } from '../locales/en/messages.po';

i18n.load({ en: en as never, da: da as never });

/**
 * For the site's islands, which also render at build time: both catalogs are bundled and a
 * locale is switched to without waiting.
 */
export function activateLocaleNow(locale: 'en' | 'da'): typeof i18n {
  if (i18n.locale !== locale) i18n.activate(locale);
  return i18n;
}
export { formLanguage } from './form-language';
