import type { RouteAddress } from './route-table';

/**
 * The routes the public site's forms call, as the route table has them (a test keeps them equal),
 * without the contract's schemas: the site's islands stay small (decision 0037).
 */
export const SITE_ROUTES = {
  auth: {
    status: { method: 'GET', path: '/auth/status', hasResponse: true },
    xsrf: { method: 'GET', path: '/auth/xsrf', hasResponse: false },
    login: { method: 'POST', path: '/auth', hasResponse: true },
  },
  passkeySignIn: {
    options: { method: 'POST', path: '/auth/passkey/options', hasResponse: true },
    signIn: { method: 'POST', path: '/auth/passkey', hasResponse: true },
  },
  passwords: {
    forgot: { method: 'POST', path: '/auth/password/forgot', hasResponse: false },
    reset: { method: 'POST', path: '/auth/password/reset', hasResponse: false },
  },
  signUp: {
    create: { method: 'POST', path: '/sign-up', hasResponse: false, creates: true },
    confirm: { method: 'POST', path: '/sign-up/confirm', hasResponse: false },
  },
  system: { timezones: { method: 'GET', path: '/timezone', hasResponse: true } },
  ssoSignIn: { discover: { method: 'GET', path: '/auth/sso/discover', hasResponse: true } },
  leads: {
    contact: { method: 'POST', path: '/leads/contact', hasResponse: false, creates: true },
    solutionsBrief: { method: 'POST', path: '/leads/solutions-brief', hasResponse: true, creates: true },
    resellerApplication: {
      method: 'POST',
      path: '/leads/reseller-applications',
      hasResponse: false,
      creates: true,
    },
  },
  marketing: { unsubscribe: { method: 'POST', path: '/marketing/unsubscribe', hasResponse: false } },
  careers: {
    apply: {
      method: 'POST',
      path: '/careers/applications',
      encoding: 'multipart',
      hasResponse: false,
      creates: true,
    },
  },
  chat: {
    start: { method: 'POST', path: '/chat/conversations', hasResponse: true, creates: true },
    ip: { method: 'GET', path: '/ip', hasResponse: true },
    userLocation: { method: 'GET', path: '/user-location', hasResponse: true },
  },
} as const satisfies Record<string, Record<string, RouteAddress>>;
