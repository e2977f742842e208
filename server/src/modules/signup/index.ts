export { signUpRoutes } from './routes';
