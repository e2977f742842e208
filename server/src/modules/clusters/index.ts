export { clusterSummariesOf } from './repository';
export { clusterRoutes } from './routes';
