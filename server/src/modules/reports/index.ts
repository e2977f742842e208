export { cspReportRoutes, reportRoutes } from './routes';
