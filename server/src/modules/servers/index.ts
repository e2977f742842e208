export { findServer, summariesOf } from './repository';
export { serverRoutes } from './routes';
