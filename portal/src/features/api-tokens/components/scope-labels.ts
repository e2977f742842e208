import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ApiScope } from '@tidewatch/contract';

/** What each scope is called on the page, and what it lets a token do. */
export const API_SCOPE_LABELS = {
  'servers:read': { name: msg`Read servers`, covers: msg`List and open servers, and export the list` },
  'servers:write': { name: msg`Change servers`, covers: msg`Set tags and plans, decommission servers` },
  'clusters:read': { name: msg`Read clusters`, covers: msg`List and open clusters` },
  'service_windows:read': {
    name: msg`Read service windows`,
    covers: msg`Update groups' windows, proposals and exemptions`,
  },
  'service_windows:write': {
    name: msg`Propose service windows`,
    covers: msg`Propose windows and ask for exemptions`,
  },
  'invoices:read': { name: msg`Read invoices`, covers: msg`List invoices and download them` },
  'users:read': { name: msg`Read users`, covers: msg`List the users of your account` },
  'activity:read': { name: msg`Read activity`, covers: msg`Read and export the activity` },
} as const satisfies Record<ApiScope, { name: MessageDescriptor; covers: MessageDescriptor }>;

/** The scopes in the form's groups, one group a domain, reading before writing. */
export const API_SCOPE_GROUPS: { label: MessageDescriptor; scopes: ApiScope[] }[] = [
  { label: msg`Servers`, scopes: ['servers:read', 'servers:write'] },
  { label: msg`Clusters`, scopes: ['clusters:read'] },
  { label: msg`Service windows`, scopes: ['service_windows:read', 'service_windows:write'] },
  { label: msg`Invoices`, scopes: ['invoices:read'] },
  { label: msg`Users`, scopes: ['users:read'] },
  { label: msg`Activity`, scopes: ['activity:read'] },
];
