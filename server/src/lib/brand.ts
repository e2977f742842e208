import { z } from 'zod';
import brandJson from '../../../content/data/brand.json' with { type: 'json' };

const Brand = z.object({
  product: z.string().min(1),
  linuxSuite: z.string().min(1),
  kubernetesSuite: z.string().min(1),
  adminCustomer: z.object({ id: z.string().regex(/^[a-z0-9]+$/), name: z.string().min(1) }),
  contact: z.object({
    salesEmail: z.email(),
    supportEmail: z.email(),
    phone: z.string(),
  }),
});

/** The brand (content/data/brand.json): product name, admin pseudo-customer, contact details. */
export const brand = Brand.parse(brandJson);

/** Staff are the users of the admin pseudo-customer. */
export const isStaffCustomer = (customerId: string) => customerId === brand.adminCustomer.id;
