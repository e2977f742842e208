export { createInstallToken } from './repository';
export { agentRoutes, installScriptRoutes, installTokenRoutes, PING_INTERVAL_SECONDS } from './routes';
export { hashSecret, newSecret } from './tokens';
