export { type FirstUser, freeCustomerId, insertCustomerWithManager, vatFieldsFor } from './repository';
export { customerRoutes } from './routes';
