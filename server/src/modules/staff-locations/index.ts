export { staffLocationRoutes } from './routes';
