export { summariesOf } from './repository';
export { serverRoutes } from './routes';
