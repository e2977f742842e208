import { authRoutes } from './auth';
import { customerRoutes } from './customers';
import { productRoutes } from './products';
import { systemRoutes } from './system';
import { userRoutes } from './users';

export * from './auth';
export * from './common';
export * from './customers';
export * from './errors';
export * from './products';
export * from './route';
export * from './system';
export * from './users';

/** Every route the server serves, grouped by domain; the server and the typed client both read it. */
export const contract = {
  system: systemRoutes,
  auth: authRoutes,
  customers: customerRoutes,
  users: userRoutes,
  products: productRoutes,
};
export type Contract = typeof contract;
