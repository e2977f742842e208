export { featureRoutes } from './routes';
