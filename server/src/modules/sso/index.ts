import { createSecretBox } from '../../lib/secret-box';

export { createProviders, type Providers } from './provider';
export { ssoRecheck } from './recheck';
export { ssoRoutes } from './routes';

/** Seals the providers' client secrets and the refresh tokens of sessions at rest under the app secret. */
export const ssoSecretBox = (appSecret: string) => createSecretBox(appSecret, 'sso-secrets');
