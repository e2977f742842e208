export { careerRoutes } from './routes';
