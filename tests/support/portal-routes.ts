import { readFileSync } from 'node:fs';
import type { Locator } from '@playwright/test';

/** Every page the portal's router knows, read from its generated route tree. */
const routeTree = readFileSync(new URL('../../portal/src/route-tree.gen.ts', import.meta.url), 'utf8');
export const portalPaths = [
  ...new Set([...routeTree.matchAll(/fullPath: '([^']+)'/g)].map((match) => match[1] ?? '')),
];

/**
 * The root and the Service Window parent redirect, and the catch-all is the not-found page: none
 * loads anything of its own.
 */
export const LOADS_NOTHING = new Set(['/', '/customer/service-window/', '/$']);

export interface PageCase {
  /** An address of the route, with its parameters filled in from the demo data. */
  url: string;
  /** A demo user whose roles open it. */
  user: string;
  /** What the page shows once its data arrives. */
  data(main: Locator): Locator;
  /** False for a form that asks the API nothing until it is used. */
  loadsOnOpen?: false;
  /** The customer staff choose in the header first, for a page that shows one customer at a time. */
  customer?: string;
}

export const MANAGER = 'manager@acme.example';
export const ADMIN = 'admin@tidewatch.example';
/** An admin who reads the employee overview, in English. */
export const TAM = 'tam@tidewatch.example';
/** The staff member who manages staff users. */
export const MASTER = 'master@tidewatch.example';

export const CASES: Record<string, PageCase> = {
  '/admin/create-customer': {
    url: '/admin/create-customer',
    user: ADMIN,
    data: (main) => main.getByLabel('Company name'),
    // The time zones fall back to the browser's own list, so the form opens whatever the API says.
    loadsOnOpen: false,
  },
  '/admin/fleet': {
    url: '/admin/fleet',
    user: ADMIN,
    data: (main) => main.getByRole('rowheader', { name: 'gx-web-02.globexco' }),
  },
  '/admin/hours/employee-overview': {
    url: '/admin/hours/employee-overview',
    user: TAM,
    data: (main) => main.getByRole('row', { name: /Astrid Holm/ }),
  },
  '/admin/hours/overview': {
    url: '/admin/hours/overview',
    user: ADMIN,
    data: (main) => main.getByTestId('month-total'),
  },
  '/admin/hours/register': {
    url: '/admin/hours/register',
    user: ADMIN,
    data: (main) => main.getByRole('combobox', { name: 'Customer', exact: true }),
  },
  '/admin/hours/register-old': {
    url: '/admin/hours/register-old',
    user: ADMIN,
    data: (main) => main.getByLabel('Customer of row 1'),
  },
  '/admin/hours/summary': {
    url: '/admin/hours/summary',
    user: ADMIN,
    data: (main) => main.getByTestId('summary-total'),
  },
  '/admin/service-window/book': {
    url: '/admin/service-window/book',
    user: ADMIN,
    customer: 'Acme',
    data: (main) => main.getByLabel('Update group'),
  },
  '/admin/service-window/queue': {
    url: '/admin/service-window/queue',
    user: ADMIN,
    // Another test in the same file may have answered the demo's proposal already.
    data: (main) => main.getByRole('heading', { name: /Window proposals \(\d+\)/ }),
  },
  '/admin/staff': {
    url: '/admin/staff',
    user: MASTER,
    data: (main) => main.getByRole('rowheader', { name: /Camilla Berg/ }),
  },
  '/admin/impersonate': {
    url: '/admin/impersonate',
    user: ADMIN,
    data: (main) => main.getByRole('radio', { name: /acmecorp/ }),
  },
  '/admin/map': {
    url: '/admin/map',
    user: ADMIN,
    data: (main) => main.getByTestId('staff-marker'),
  },
  '/admin/chat': {
    url: '/admin/chat',
    user: ADMIN,
    data: (main) => main.getByRole('button', { name: /Margaret Hamilton/ }),
  },
  '/admin/install-script': {
    url: '/admin/install-script',
    user: ADMIN,
    data: (main) => main.getByLabel('Customer the server belongs to'),
  },
  '/customer/activity': {
    url: '/customer/activity?kind=plans',
    user: MANAGER,
    data: (main) => main.getByRole('rowheader', { name: /Changed the plan of db-01\.acmecorp/ }),
  },
  '/customer/invoices': {
    url: '/customer/invoices',
    user: MANAGER,
    data: (main) => main.getByRole('rowheader', { name: /^ACMECORP-\d{4}$/ }).first(),
  },
  '/customer/reports': {
    url: '/customer/reports',
    user: MANAGER,
    data: (main) => main.getByRole('heading', { name: 'Availability' }),
  },
  '/customer/service-window/$section': {
    url: '/customer/service-window/configuration',
    user: MANAGER,
    data: (main) => main.getByTestId('group-weekly-patching'),
  },
  '/customer/features': {
    url: '/customer/features',
    user: MANAGER,
    data: (main) => main.getByText('Monitoring for all servers'),
  },
  '/customer/plans': {
    url: '/customer/plans',
    user: MANAGER,
    data: (main) => main.getByText(/^Silver from /),
  },
  '/customer/tags': {
    url: '/customer/tags',
    user: MANAGER,
    data: (main) => main.getByRole('row', { name: /monthly-patching/ }),
  },
  '/customer/user-management': {
    url: '/customer/user-management',
    user: MANAGER,
    data: (main) => main.getByRole('rowheader', { name: /Ivar Nielsen/ }),
  },
  '/customer/users': {
    url: '/customer/users',
    user: MANAGER,
    data: (main) => main.getByRole('rowheader', { name: /Grace Hopper/ }),
  },
  '/customer/webhooks': {
    url: '/customer/webhooks',
    user: MANAGER,
    data: (main) => main.getByRole('heading', { name: 'Operations dashboard' }),
  },
  '/customer/api-tokens': {
    url: '/customer/api-tokens',
    user: MANAGER,
    data: (main) => main.getByRole('rowheader', { name: 'Inventory sync' }),
  },
  '/customer/teams/': {
    url: '/customer/teams',
    user: MANAGER,
    data: (main) => main.getByRole('link', { name: /Web Shop/ }),
  },
  '/customer/teams/$teamName': {
    url: '/customer/teams/Web%20Shop',
    user: MANAGER,
    data: (main) => main.getByText('Time zone Europe/Copenhagen'),
  },
  '/user/clusters': {
    url: '/user/clusters',
    user: MANAGER,
    data: (main) => main.getByRole('link', { name: 'data-platform.acmecorp' }),
  },
  '/user/settings': { url: '/user/settings', user: MANAGER, data: (main) => main.getByText('This device') },
  '/user/servers/': {
    url: '/user/servers',
    user: MANAGER,
    data: (main) => main.getByRole('link', { name: 'files-01.acmecorp' }),
  },
  '/user/servers/$certname': {
    url: '/user/servers/files-01.acmecorp',
    user: MANAGER,
    data: (main) => main.getByText('Copenhagen office').first(),
  },
  '/user/servers/add-server': {
    url: '/user/servers/add-server',
    user: MANAGER,
    data: (main) => main.getByRole('button', { name: 'Get the install command' }),
    loadsOnOpen: false,
  },
  '/user/servers/configuration': {
    url: '/user/servers/configuration',
    user: MANAGER,
    data: (main) => main.getByRole('radio', { name: /app-01.acmecorp/ }),
  },
  '/user/servers/merge-request': {
    url: '/user/servers/merge-request',
    user: MANAGER,
    data: (main) => main.getByRole('link', { name: 'Nginx for the staging web servers' }),
  },
  '/user/servers/new-role-configuration': {
    url: '/user/servers/new-role-configuration',
    user: MANAGER,
    data: (main) => main.getByRole('radio', { name: /app-01.acmecorp/ }),
  },
  '/user/servers/os': {
    url: '/user/servers/os',
    user: MANAGER,
    data: (main) => main.getByRole('link', { name: 'SUSE Linux Enterprise Server 15' }).first(),
  },
};
