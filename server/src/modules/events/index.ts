export type { EventHub } from './hub';
export { createEventHub } from './hub';
export { eventRoutes } from './routes';
