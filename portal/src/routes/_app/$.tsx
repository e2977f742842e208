import { createFileRoute } from '@tanstack/react-router';
import { NotFoundPage } from '../../app/shell/status-pages';

/** Any other portal path: "not found", inside the shell (pages of later releases land here until they exist). */
export const Route = createFileRoute('/_app/$')({ component: NotFoundPage });
