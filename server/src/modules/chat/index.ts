export { createGeoIp } from './geoip';
export type { ChatHub } from './hub';
export { createChatHub } from './hub';
export { countUnanswered } from './repository';
export { chatRoutes } from './routes';
export { chatSocketRoutes } from './socket';
