export { changeRequestRoutes } from './routes';
