import { z } from 'zod';
import brandJson from './data/brand.json' with { type: 'json' };

/** Business data, checked when it is loaded: a malformed file fails the build and the tests. */
const Brand = z.object({
  product: z.string().min(1).describe('The product name, "{product}" in the spec'),
  linuxSuite: z.string().min(1),
  kubernetesSuite: z.string().min(1),
  adminCustomer: z
    .object({ id: z.string().regex(/^[a-z0-9]+$/), name: z.string().min(1) })
    .describe('The pseudo-customer staff belong to'),
  company: z
    .object({ country: z.string().length(2), vatRatePercent: z.number().min(0).max(100) })
    .describe('Where Tidewatch is registered, for VAT'),
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
