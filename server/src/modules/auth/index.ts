export { failureThrottle } from './failure-throttle';
export { passwordRoutes } from './password-reset';
export { hashPassword, verifyPassword } from './passwords';
export { deleteRecoveryCodes, issueRecoveryCodes } from './recovery-codes';
export { authRoutes, LOGIN_THROTTLE } from './routes';
