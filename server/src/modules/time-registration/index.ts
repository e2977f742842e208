export { customerPlans, inMonth } from './repository';
export { timeRegistrationRoutes } from './routes';
