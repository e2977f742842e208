export { mailReportOf, mailReports } from './mailing';
export { buildReport } from './report';
export { claimMailing } from './repository';
export { serviceReportJob, serviceReportRoutes } from './routes';
