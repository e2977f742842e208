export { advanceWindows } from './events';
export { serviceWindowPublicRoutes } from './public-routes';
export { groupMembers } from './repository/booking';
export { outcomeOf } from './repository/notices';
export { serviceWindowRoutes } from './routes';
export { applyConfiguration, expandGroup } from './service';
