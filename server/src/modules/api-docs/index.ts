export { writeApiDocuments } from './documents';
export { apiDocsRoutes } from './routes';
