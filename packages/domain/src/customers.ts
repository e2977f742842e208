/**
 * A customer id candidate: lowercase letters and digits of the company name (at most 7), then
 * digits, 6 to 10 characters in all. The caller supplies the digits and retries on a clash.
 */
export function customerIdCandidate(companyName: string, digits: string): string {
  const letters = companyName
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .slice(0, 7);
  const id = `${letters}${digits}`.slice(0, 10);
  return id.length >= 6 ? id : id.padEnd(6, '0');
}

/** The EU member states by ISO 3166-1 alpha-2 code. */
export const EU_COUNTRIES: readonly string[] = [
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
];

/**
 * The VAT rate on a customer's invoices: the home rate at home and for EU customers without a
 * VAT number; 0 (reverse charge) for EU businesses abroad with one, and outside the EU.
 */
export function vatRateFor(
  customer: { country: string; hasVatId: boolean },
  home: { country: string; ratePercent: number },
): number {
  if (customer.country === home.country) return home.ratePercent;
  if (!EU_COUNTRIES.includes(customer.country)) return 0;
  return customer.hasVatId ? 0 : home.ratePercent;
}
