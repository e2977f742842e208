/**
 * Country names come to the islands as props, worked out when the page is built: naming and sorting
 * 250 countries takes a phone's main thread for longer than the rest of a form's hydration.
 */
export type CountryNames = [code: string, name: string][];

export { countryNames, zoneForCountry } from '@tidewatch/i18n/countries';
