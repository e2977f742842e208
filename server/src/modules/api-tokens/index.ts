export { apiTokenExpiryJob, apiTokenRoutes, warnOfExpiringTokens } from './routes';
