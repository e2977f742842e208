/** Who invoices and runs the site: printed on every invoice and named on the site (decision 0072). */
export interface Seller {
  /** The registered company name, e.g. `Tidewatch ApS`. */
  legalName: string;
  /** The registered address on one line, commas between its parts. */
  address: string;
  /** The VAT number with its country prefix; in Denmark its digits are the CVR number. */
  vatNumber: string;
  /** Where customers pay, in electronic format (no spaces). */
  iban: string;
  bic: string;
}

/** The example company a demo invoices as and the site is built with: made-up, but every number passes its check. */
export const DEMO_SELLER: Seller = {
  legalName: 'Tidewatch ApS',
  address: 'Havnegade 39, 1058 København K, Denmark',
  vatNumber: 'DK12345674',
  iban: 'DK5000400440116243',
  bic: 'DABADKKK',
};

/** The CVR number: in Denmark, the VAT number's digits. */
export const registrationNumber = (seller: Seller) => seller.vatNumber.slice(2);

/**
 * The parts of the seller the site names, each in a `<span data-seller="…">`. The site is built
 * with DEMO_SELLER; the server writes the configured seller into those spans when it starts.
 */
export const SITE_SELLER_PARTS = {
  'legal-name': (seller: Seller) => seller.legalName,
  cvr: registrationNumber,
  address: (seller: Seller) => seller.address,
} as const;
export type SiteSellerPart = keyof typeof SITE_SELLER_PARTS;
