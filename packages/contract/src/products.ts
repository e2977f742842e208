import { z } from 'zod';
import { ConsultingLevel } from './common';
import { defineRoute, sessionAccess } from './route';

export const ProductUnit = z.enum(['hours', 'server', 'node']);

export const Product = z.object({
  id: z.string(),
  name: z.string(),
  unit: ProductUnit,
  subscription: z.boolean(),
  active: z.boolean(),
  /** Consultation level for hourly products. */
  level: ConsultingLevel.nullable(),
  /** Where hourly work happens. */
  location: z.enum(['remote', 'onsite']).nullable(),
  price_eur: z.number(),
});
export type Product = z.infer<typeof Product>;

export const productRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/products',
    access: sessionAccess,
    summary: 'Every product: subscriptions per server or node, and hourly consultation',
    response: z.array(Product),
  }),
};
