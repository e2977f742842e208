import { fileURLToPath } from 'node:url';
import { writeApiDocuments } from './modules/api-docs';

// Beside the bundle, where the server reads them at start: the build runs this after bundling.
writeApiDocuments(fileURLToPath(new URL('../dist', import.meta.url)));
