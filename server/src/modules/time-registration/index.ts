export { customerPlans, inMonth } from './repository';
export { timeRegistrationRoutes } from './routes';
export { monthSummary } from './summary';
