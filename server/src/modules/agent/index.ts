export { createInstallToken } from './repository';
export { agentRoutes, installScriptRoutes, installTokenRoutes } from './routes';
export { hashSecret, newSecret } from './tokens';
