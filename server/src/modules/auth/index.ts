export { deviceCookies } from './device-cookie';
export { failureThrottle } from './failure-throttle';
export { passwordRoutes } from './password-reset';
export { hashPassword, verifyPassword } from './passwords';
export { issueRecoveryCodes } from './recovery-codes';
export { deleteRecoveryCodes } from './repository';
export { authRoutes, LOGIN_THROTTLE } from './routes';
export { completeSignIn, rotateSession } from './service';
