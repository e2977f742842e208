import { createApiClient } from '@tidewatch/contract/client';
import { endSessionOnFailure } from './session-end';

/** The main API: cookies and the XSRF header, no timeout; a 401 or a count's 417 ends the session. */
export const api = createApiClient({ baseURL: '/api', onResponseError: endSessionOnFailure });
