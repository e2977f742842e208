export { LEAD_LIMITS, leadRoutes, sourceHasher } from './routes';
