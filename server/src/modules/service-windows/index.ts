export { serviceWindowPublicRoutes } from './public-routes';
export { advanceWindows, groupMembers } from './repository/booking';
export { serviceWindowRoutes } from './routes';
export { applyConfiguration, expandGroup } from './service';
