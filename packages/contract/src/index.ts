import { accountRoutes } from './account';
import { activityRoutes, searchRoutes } from './activity';
import { agentRoutes, installTokenRoutes } from './agent';
import { authRoutes } from './auth';
import { careerRoutes } from './careers';
import { changeRequestRoutes } from './change-requests';
import { clusterRoutes } from './clusters';
import { contactRoutes } from './contacts';
import { countRoutes } from './counts';
import { customerRoutes } from './customers';
import { featureRoutes } from './features';
import { leadRoutes } from './leads';
import { marketingRoutes } from './marketing';
import { passwordRoutes } from './passwords';
import { productRoutes } from './products';
import { reportRoutes } from './reports';
import { fleetRoutes, serverRoutes } from './servers';
import { serviceWindowPublicRoutes, serviceWindowRoutes } from './service-windows';
import { signUpRoutes } from './signup';
import { staffLocationRoutes } from './staff-locations';
import { systemRoutes } from './system';
import { tagRoutes } from './tags';
import { timeRegistrationRoutes } from './time-registration';
import { userRoutes } from './users';

export * from './account';
export * from './activity';
export * from './agent';
export * from './auth';
export * from './careers';
export * from './change-requests';
export * from './clusters';
export * from './common';
export * from './contacts';
export * from './counts';
export * from './customers';
export * from './errors';
export * from './features';
export * from './infrastructure';
export * from './leads';
export * from './marketing';
export * from './passwords';
export * from './products';
export * from './refusals';
export * from './reports';
export * from './route';
export * from './servers';
export * from './service-windows';
export * from './signup';
export * from './staff-locations';
export * from './system';
export * from './tags';
export * from './time-registration';
export * from './users';
export * from './vocabulary';

/** Every route the server serves, grouped by domain; the server and the typed client both read it. */
export const contract = {
  system: systemRoutes,
  auth: authRoutes,
  customers: customerRoutes,
  users: userRoutes,
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
  serviceWindows: serviceWindowRoutes,
  serviceWindowPublic: serviceWindowPublicRoutes,
};
export type Contract = typeof contract;

/** Groups only machines call (the agent with its credential, calendars with a secret address): no browser needs their addresses. */
const { agent: _agent, serviceWindowPublic: _calendarAndAgent, ...browserGroups } = contract;
/** The routes the typed client calls from browsers; the server serves all of `contract`. */
export const browserContract = browserGroups;
export type BrowserContract = typeof browserContract;
