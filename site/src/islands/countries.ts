import countries from 'i18n-iso-countries';
import da from 'i18n-iso-countries/langs/da.json';
import en from 'i18n-iso-countries/langs/en.json';
import { useMemo } from 'react';

countries.registerLocale(en);
countries.registerLocale(da);

/** Every country as [ISO code, name in the page's language], sorted by name. */
export function useCountryNames(locale: 'en' | 'da') {
  return useMemo(
    () => Object.entries(countries.getNames(locale)).sort(([, a], [, b]) => a.localeCompare(b, locale)),
    [locale],
  );
}
