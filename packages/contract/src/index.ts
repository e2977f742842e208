import { accountRoutes } from './account';
import { activityRoutes, searchRoutes } from './activity';
import { agentRoutes, installTokenRoutes } from './agent';
import { apiTokenRoutes } from './api-tokens';
import { authRoutes } from './auth';
import { careerRoutes } from './careers';
import { changeRequestRoutes } from './change-requests';
import { chatInboxRoutes, chatRoutes } from './chat';
import { clusterRoutes } from './clusters';
import { contactRoutes } from './contacts';
import { countRoutes } from './counts';
import { customerRoutes } from './customers';
import { eventRoutes } from './events';
import { featureRoutes } from './features';
import { invoiceRoutes } from './invoices';
import { leadRoutes } from './leads';
import { mailLinkRoutes } from './mail-links';
import { marketingRoutes } from './marketing';
import { passkeyRoutes, passkeySignInRoutes } from './passkeys';
import { passwordRoutes } from './passwords';
import { planRoutes } from './plans';
import { productRoutes } from './products';
import { reportRoutes } from './reports';
import { securityRoutes } from './security';
import { fleetRoutes, serverRoutes } from './servers';
import { serviceReportRoutes } from './service-reports';
import { serviceWindowPublicRoutes, serviceWindowRoutes } from './service-windows';
import { signUpRoutes } from './signup';
import { ssoRoutes, ssoSignInRoutes } from './sso';
import { staffLocationRoutes } from './staff-locations';
import { systemRoutes } from './system';
import { tagRoutes } from './tags';
import { timeRegistrationRoutes } from './time-registration';
import { staffRoutes, userRoutes } from './users';
import { webhookRoutes } from './webhooks';

export * from './account';
export * from './activity';
export * from './agent';
export * from './api-tokens';
export * from './auth';
export * from './careers';
export * from './change-requests';
export * from './chat';
export * from './clusters';
export * from './common';
export * from './contacts';
export * from './counts';
export * from './customers';
export * from './errors';
export * from './events';
export * from './features';
export * from './infrastructure';
export * from './invoices';
export * from './leads';
export * from './mail-links';
export * from './marketing';
export * from './passkeys';
export * from './passwords';
export * from './plans';
export * from './products';
export * from './refusals';
export * from './reports';
export * from './route';
export * from './security';
export * from './servers';
export * from './service-reports';
export * from './service-windows';
export * from './signup';
export * from './sso';
export * from './staff-locations';
export * from './system';
export * from './tags';
export * from './time-registration';
export * from './users';
export * from './vocabulary';
export * from './webhooks';

/** Every route the server serves, grouped by domain; the server and the typed client both read it. */
export const contract = {
  system: systemRoutes,
  auth: authRoutes,
  customers: customerRoutes,
  users: userRoutes,
  staff: staffRoutes,
  products: productRoutes,
  counts: countRoutes,
  reports: reportRoutes,
  account: accountRoutes,
  tags: tagRoutes,
  servers: serverRoutes,
  fleet: fleetRoutes,
  clusters: clusterRoutes,
  contacts: contactRoutes,
  features: featureRoutes,
  changeRequests: changeRequestRoutes,
  installTokens: installTokenRoutes,
  agent: agentRoutes,
  passwords: passwordRoutes,
  signUp: signUpRoutes,
  marketing: marketingRoutes,
  leads: leadRoutes,
  careers: careerRoutes,
  activity: activityRoutes,
  search: searchRoutes,
  staffLocations: staffLocationRoutes,
  timeRegistration: timeRegistrationRoutes,
  invoices: invoiceRoutes,
  serviceWindows: serviceWindowRoutes,
  serviceWindowPublic: serviceWindowPublicRoutes,
  chat: chatRoutes,
  chatInbox: chatInboxRoutes,
  plans: planRoutes,
  webhooks: webhookRoutes,
  apiTokens: apiTokenRoutes,
  security: securityRoutes,
  mailLinks: mailLinkRoutes,
  sso: ssoRoutes,
  ssoSignIn: ssoSignInRoutes,
  passkeys: passkeyRoutes,
  passkeySignIn: passkeySignInRoutes,
  events: eventRoutes,
  serviceReports: serviceReportRoutes,
};
export type Contract = typeof contract;

/**
 * Groups only machines call (the agent with its credential, calendars with a secret address) or
 * links in mail open: no browser script needs their addresses.
 */
const {
  agent: _agent,
  serviceWindowPublic: _calendarAndAgent,
  mailLinks: _mailLinks,
  ...browserGroups
} = contract;
/**
 * Groups only the public site calls, through its own small table (`SITE_ROUTES`, decision 0037):
 * the portal's first screen need not carry their addresses.
 */
const {
  signUp: _signUp,
  leads: _leads,
  marketing: _marketing,
  careers: _careers,
  chat: _chat,
  passwords: _passwords,
  ssoSignIn: _ssoSignIn,
  passkeySignIn: _passkeySignIn,
  ...portalGroups
} = browserGroups;
/** The routes the portal's typed clients call; the server serves all of `contract`. */
export const browserContract = portalGroups;
export type BrowserContract = typeof browserContract;
/**
 * The finance API's groups: served under its own base URL (FINANCE_API_URL), called with a
 * short-lived bearer token from `POST /auth/finance-tokens`, never with cookies (decision 0053).
 */
export type FinanceContract = Pick<BrowserContract, 'plans' | 'invoices'>;
/** The main API's groups: everything browsers call but the finance API. */
export type MainContract = Omit<BrowserContract, keyof FinanceContract>;
