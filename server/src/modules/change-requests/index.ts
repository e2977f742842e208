export { listChangeRequests } from './repository';
export { changeRequestRoutes } from './routes';
