export { agentRoutes, installScriptRoutes, installTokenRoutes } from './routes';
export { createInstallToken, hashSecret, newSecret } from './tokens';
