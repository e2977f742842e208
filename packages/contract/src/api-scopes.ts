/**
 * What an API token may reach, by domain and access (decision 0098): a route names the scope it
 * takes in `tokenScope`, and a route without one is never called with a token.
 */
export const API_SCOPES = [
  'servers:read',
  'servers:write',
  'clusters:read',
  'service_windows:read',
  'service_windows:write',
  'invoices:read',
  'users:read',
  'activity:read',
] as const;
