export { countRoutes } from './routes';
