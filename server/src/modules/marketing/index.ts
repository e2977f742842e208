export { createUnsubscribeLinks, marketingRoutes } from './routes';
