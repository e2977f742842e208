import { createApiClient } from '@tidewatch/contract/client';

/** The main API: cookies and the XSRF header, no timeout. */
export const api = createApiClient({ baseURL: '/api' });
