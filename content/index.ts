import { z } from 'zod';
import brandJson from './data/brand.json' with { type: 'json' };
import consultationRatesJson from './data/consultation-rates.json' with { type: 'json' };
import plansJson from './data/plans.json' with { type: 'json' };

/** Business data, checked when it is loaded: a malformed file fails the build and the tests. */
const Brand = z.object({
  product: z.string().min(1).describe('The product name, "{product}" in the spec'),
  linuxSuite: z.string().min(1),
  kubernetesSuite: z.string().min(1),
  adminCustomer: z
    .object({ id: z.string().regex(/^[a-z0-9]+$/), name: z.string().min(1) })
    .describe('The pseudo-customer staff belong to'),
  contact: z.object({ salesEmail: z.email(), supportEmail: z.email(), phone: z.string() }),
});

const Plans = z.object({
  currency: z.literal('EUR'),
  plans: z.array(
    z.object({
      id: z.enum(['basic', 'bronze', 'silver', 'gold', 'platinum']),
      name: z.string(),
      pricePerUnitMonth: z.number().positive().describe('Per server or node per month'),
      volumeDiscount: z.boolean().describe('Whether unit-count discounts apply (not Basic)'),
    }),
  ),
  volumeDiscounts: z.array(
    z.object({ fromUnits: z.number().int().positive(), percent: z.number().min(0).max(100) }),
  ),
});

const ConsultationRates = z.object({
  currency: z.literal('EUR'),
  levels: z.array(
    z.object({
      level: z.number().int().min(1).max(3),
      experience: z.string(),
      remoteHourly: z.number().positive(),
    }),
  ),
  onsiteSurchargePercent: z.number().min(0),
  nonSubscriberSurchargePercent: z.number().min(0),
});

export const brand = Brand.parse(brandJson);
export const plans = Plans.parse(plansJson);
export const consultationRates = ConsultationRates.parse(consultationRatesJson);

/** Staff are the users of the admin pseudo-customer. */
export const isStaffCustomer = (customerId: string) => customerId === brand.adminCustomer.id;
