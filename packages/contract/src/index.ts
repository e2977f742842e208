import { accountRoutes } from './account';
import { authRoutes } from './auth';
import { countRoutes } from './counts';
import { customerRoutes } from './customers';
import { marketingRoutes } from './marketing';
import { passwordRoutes } from './passwords';
import { productRoutes } from './products';
import { reportRoutes } from './reports';
import { signUpRoutes } from './signup';
import { systemRoutes } from './system';
import { tagRoutes } from './tags';
import { userRoutes } from './users';

export * from './account';
export * from './auth';
export * from './common';
export * from './counts';
export * from './customers';
export * from './errors';
export * from './marketing';
export * from './passwords';
export * from './products';
export * from './reports';
export * from './route';
export * from './signup';
export * from './system';
export * from './tags';
export * from './users';

/** Every route the server serves, grouped by domain; the server and the typed client both read it. */
export const contract = {
  system: systemRoutes,
  auth: authRoutes,
  customers: customerRoutes,
  users: userRoutes,
  products: productRoutes,
  counts: countRoutes,
  reports: reportRoutes,
  account: accountRoutes,
  tags: tagRoutes,
  passwords: passwordRoutes,
  signUp: signUpRoutes,
  marketing: marketingRoutes,
};
export type Contract = typeof contract;
