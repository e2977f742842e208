import { checkVAT, countries as vatCountries } from 'jsvat';

/** The VAT number's format for the country (with or without its country prefix); countries outside the checker take any. */
export function vatNumberFitsCountry(vatId: string, country: string): boolean {
  const compact = vatId.replace(/[\s.-]/g, '').toUpperCase();
  const supported = vatCountries.some(
    (entry) => entry.codes[0] === country || (country === 'GR' && entry.codes[0] === 'EL'),
  );
  if (!supported) return /^[A-Z0-9]{4,20}$/.test(compact);
  const prefixed = /^[A-Z]{2}/.test(compact) ? compact : `${country === 'GR' ? 'EL' : country}${compact}`;
  const result = checkVAT(prefixed, vatCountries);
  return result.isValidFormat && result.country?.isoCode.short === country;
}

/**
 * The VAT number's format and check digits, with its country prefix, for a country the checker
 * knows: stricter than the customers' check, for the number printed on every invoice as the seller's.
 */
export function vatNumberChecksOut(vatId: string, country: string): boolean {
  const result = checkVAT(vatId.replace(/[\s.-]/g, '').toUpperCase(), vatCountries);
  return result.isValid && result.country?.isoCode.short === country;
}
