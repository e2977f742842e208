export { probeRoutes, timezoneRoutes } from './routes';
export { securityTxtRoutes } from './security-txt';
