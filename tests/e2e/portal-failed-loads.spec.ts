import { readFileSync } from 'node:fs';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { signIn } from '../support/portal';

/** Every page the portal's router knows, read from its generated route tree. */
const routeTree = readFileSync(new URL('../../portal/src/route-tree.gen.ts', import.meta.url), 'utf8');
const portalPaths = [
  ...new Set([...routeTree.matchAll(/fullPath: '([^']+)'/g)].map((match) => match[1] ?? '')),
];

/** The root redirects and the catch-all is the not-found page: neither loads anything of its own. */
const LOADS_NOTHING = new Set(['/', '/$']);

interface PageCase {
  /** An address of the route, with its parameters filled in from the demo data. */
  url: string;
  /** A demo user whose roles open it. */
  user: string;
  /** What the page shows once its data arrives. */
  data(main: Locator): Locator;
  /** False for a form that asks the API nothing until it is used. */
  loadsOnOpen?: false;
}

const MANAGER = 'manager@acme.example';
const ADMIN = 'admin@tidewatch.example';

const CASES: Record<string, PageCase> = {
  '/admin/fleet': {
    url: '/admin/fleet',
    user: ADMIN,
    data: (main) => main.getByRole('rowheader', { name: 'gx-web-02.globexco' }),
  },
  '/admin/impersonate': {
    url: '/admin/impersonate',
    user: ADMIN,
    data: (main) => main.getByRole('radio', { name: /acmecorp/ }),
  },
  '/admin/install-script': {
    url: '/admin/install-script',
    user: ADMIN,
    data: (main) => main.getByLabel('Customer the server belongs to'),
  },
  '/customer/activity': {
    url: '/customer/activity',
    user: MANAGER,
    data: (main) => main.getByRole('rowheader', { name: /Changed the plan of db-01\.acmecorp/ }),
  },
  '/customer/features': {
    url: '/customer/features',
    user: MANAGER,
    data: (main) => main.getByText('Monitoring for all servers'),
  },
  '/customer/tags': {
    url: '/customer/tags',
    user: MANAGER,
    data: (main) => main.getByRole('row', { name: /monthly-patching/ }),
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

/** The session and sign-in calls stay up: without them there is no portal to look at. */
const staysUp = (url: URL) => url.pathname === '/api/auth' || url.pathname === '/api/auth/status';

/** Answers every other API read with a 500. */
async function breakApi(page: Page) {
  await page.route('**/api/**', (route) => {
    const url = new URL(route.request().url());
    if (route.request().method() !== 'GET' || staysUp(url)) return route.fallback();
    return route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ error: 'Internal Server Error', message: 'Something went wrong on our side.' }),
    });
  });
}

/** Loading markers, skeleton-busy regions and the portal's empty-state wording. */
const loadingOrEmpty = (main: Locator) =>
  main.locator('[data-state="loading"], [data-state="empty"], [aria-busy="true"]');
const emptyWording = (main: Locator) => main.getByText(/^(Loading\b|No |Nobody |None:)/);

test('every portal route is listed here with an address and a user who can open it', () => {
  const missing = portalPaths.filter((path) => !LOADS_NOTHING.has(path) && !CASES[path]);
  expect(missing, 'routes without a failed-load case').toEqual([]);
});

for (const path of portalPaths.filter((path) => !LOADS_NOTHING.has(path))) {
  test(`${path}: a failed load says so with Retry, never loading or empty`, async ({ page }) => {
    const pageCase = CASES[path];
    test.skip(!pageCase, 'listed as missing by the test above');
    if (!pageCase) return;
    await signIn(page, pageCase.user);
    await breakApi(page);
    await page.goto(pageCase.url);
    const main = page.locator('main');

    const failed = main.locator('[data-state="failed"]');
    if (pageCase.loadsOnOpen !== false) {
      // Server errors are asked again twice, a second and then two apart, before a page gives up.
      await expect(failed.first()).toBeVisible({ timeout: 15_000 });
      await expect(failed.first()).toHaveAttribute('role', 'alert');
      await expect(failed.first().getByRole('button', { name: 'Retry' })).toBeVisible();
    }
    await expect(loadingOrEmpty(main)).toHaveCount(0, { timeout: 15_000 });
    await expect(emptyWording(main)).toHaveCount(0);

    await page.unroute('**/api/**');
    await expect(async () => {
      for (const retry of await failed.getByRole('button', { name: 'Retry' }).all()) {
        await retry.click({ timeout: 1_000 }).catch(() => {});
      }
      await expect(failed).toHaveCount(0, { timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await expect(pageCase.data(main).first()).toBeVisible();
  });
}

test('on a phone, a failed list says so in view, though its columns scroll sideways', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await signIn(page, MANAGER);
  await breakApi(page);
  await page.goto('/user/servers');
  const failed = page.locator('main [data-state="failed"]');
  await expect(failed).toBeVisible({ timeout: 15_000 });
  for (const part of [failed.getByRole('heading'), failed.getByRole('button', { name: 'Retry' })]) {
    const box = await part.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390, 'inside the screen').toBe(true);
  }
});
