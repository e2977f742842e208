import { z } from 'zod/mini';
import brandJson from './data/brand.json' with { type: 'json' };

/**
 * Business data, checked when it is loaded: a malformed file fails the build and the tests. With
 * zod's mini build, which the portal loads anyway, so its shell can name the brand without the rest
 * of the content.
 */
const Brand = z.object({
  /** The product name, "{product}" in the spec. */
  product: z.string().check(z.minLength(1)),
  linuxSuite: z.string().check(z.minLength(1)),
  kubernetesSuite: z.string().check(z.minLength(1)),
  /** The pseudo-customer staff belong to. */
  adminCustomer: z.object({
    id: z.string().check(z.regex(/^[a-z0-9]+$/)),
    name: z.string().check(z.minLength(1)),
  }),
  /** Where Tidewatch is registered, for VAT. */
  company: z.object({
    country: z.string().check(z.length(2)),
    vatRatePercent: z.number().check(z.minimum(0), z.maximum(100)),
  }),
  contact: z.object({
    salesEmail: z.email(),
    supportEmail: z.email(),
    careersEmail: z.email(),
    securityEmail: z.email(),
    noReplyEmail: z.email(),
    phone: z.string(),
  }),
});

export const brand = Brand.parse(brandJson);

/** The brand's names as copy writes them: `{product}`, `{productPath}` (as in /why-{productPath}) and the suites. */
export const brandValues = {
  product: brand.product,
  productPath: brand.product.toLowerCase(),
  linuxSuite: brand.linuxSuite,
  kubernetesSuite: brand.kubernetesSuite,
} as const;

/** Staff are the users of the admin pseudo-customer. */
export const isStaffCustomer = (customerId: string) => customerId === brand.adminCustomer.id;
