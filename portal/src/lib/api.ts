import { createApiClient } from '@tidewatch/contract/client';
import { endSessionOnFailure } from './session-end';

/** The main API: cookies and the XSRF header, no timeout; a 401 or a count's 417 ends the session. */
export const api = createApiClient({ baseURL: '/api', onResponseError: endSessionOnFailure });

/** The API's reference: a page the server writes, so it is opened as a page, not through the router. */
export const API_REFERENCE_PATH = '/api/docs';
