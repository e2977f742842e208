import { countryNames } from '@tidewatch/i18n/countries';
import { useMemo } from 'react';

export { countryNames, zoneForCountry } from '@tidewatch/i18n/countries';

export function useCountryNames(locale: 'en' | 'da') {
  return useMemo(() => countryNames(locale), [locale]);
}
