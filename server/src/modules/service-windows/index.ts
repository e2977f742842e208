export { serviceWindowPublicRoutes } from './public-routes';
export { serviceWindowRoutes } from './routes';
export { advanceWindows, applyConfiguration, expandGroup, groupMembers } from './service';
