export { freeCustomerId, vatFieldsFor } from './repository';
export { customerRoutes } from './routes';
