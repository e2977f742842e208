import { expect, type Locator, type Page, test } from '@playwright/test';

const catalogue = (page: Page) => page.locator('#catalogue');
const appNamed = (page: Page, name: string) =>
  catalogue(page).getByRole('heading', { level: 3, name, exact: true });

/** The list is static HTML; the filter works once the island has hydrated. */
async function openFeatures(page: Page, path = '/features') {
  await page.goto(path);
  await expect(page.locator('astro-island')).not.toHaveAttribute('ssr', /.*/);
}

test('the whole catalogue is in the page without JavaScript', async ({ request }) => {
  const html = await (await request.get('/features')).text();
  for (const name of ['PostgreSQL', 'Mattermost', 'Proxmox VE', 'Spring Boot', 'MinIO', 'Xen Project']) {
    expect(html).toContain(`>${name}</h3>`);
  }
});

/** A logo draws once the sprite it points into has loaded; an empty <use> has no box. */
async function expectLogos(scope: Locator, withLogo: string[], without: string[]) {
  for (const name of withLogo) {
    const logo = scope.getByText(name, { exact: true }).locator('svg[data-logo] use');
    await expect
      .poll(() => logo.evaluate((use: SVGUseElement) => use.getBBox().width), { message: name })
      .toBeGreaterThan(0);
  }
  for (const name of without) {
    await expect(scope.getByText(name, { exact: true }).locator('svg'), name).toHaveCount(0);
  }
}

test('the catalogue, the Linux page and the home integrations show logos where Simple Icons has one', async ({
  page,
  request,
}) => {
  const sprite = await request.get('/brand-icons.svg');
  expect(sprite.headers()['content-type']).toContain('image/svg+xml');
  expect(await sprite.text()).toContain('<symbol id="postgresql"');

  await openFeatures(page);
  await expectLogos(
    catalogue(page),
    ['PostgreSQL', 'Kubernetes', 'Nginx', 'Proxmox VE'],
    ['Postfix', 'PHP-FPM'],
  );
  // Filtering re-renders the cards in the browser, logos included.
  await page.getByRole('radio', { name: 'Databases' }).check();
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/\?category=databases$/);
  await expectLogos(catalogue(page), ['MariaDB'], []);

  await page.goto('/da/linux');
  await expectLogos(page.locator('#supported-apps'), ['PostgreSQL'], []);

  await page.goto('/');
  await expectLogos(page.locator('#integrations'), ['Prometheus', 'GitHub', 'Argo CD'], ['Slack']);
});

test('the app count in the copy is the number of apps in the catalogue, in both languages', async ({
  page,
}) => {
  for (const [path, claim] of [
    ['/features', /supports (\d+) apps out of the box/],
    ['/da/features', /understøtter (\d+) apps fra start/],
  ] as const) {
    await page.goto(path);
    const cards = await catalogue(page).getByRole('heading', { level: 3 }).count();
    const lead = (await page.locator('main').textContent()) ?? '';
    expect(lead.match(claim)?.[1], path).toBe(String(cards));
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      new RegExp(`^${cards} open`),
    );
  }
});

test('search and category apply together, and Clear All brings everything back', async ({ page }) => {
  await openFeatures(page);
  const status = catalogue(page).getByRole('status');
  await expect(status).toHaveText(/^\d+ apps$/);
  const total = Number((await status.textContent())?.split(' ')[0]);
  expect(total).toBeGreaterThanOrEqual(44);

  await page.getByRole('searchbox', { name: 'Search apps' }).fill('redis');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/\/features\?q=redis$/);
  await expect(appNamed(page, 'Redis')).toBeVisible();
  await expect(appNamed(page, 'Nginx')).toHaveCount(0);
  await expect(status).toHaveText(new RegExp(`^Showing \\d+ of ${total} apps$`));

  await page.getByRole('searchbox', { name: 'Search apps' }).fill('');
  await page.getByRole('radio', { name: 'Web Servers' }).check();
  // Choosing a category is a draft until Apply.
  await expect(appNamed(page, 'Redis')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search apps' }).press('Enter');
  await expect(page).toHaveURL(/\/features\?category=web-servers$/);
  await expect(appNamed(page, 'HAProxy')).toBeVisible();
  await expect(appNamed(page, 'Redis')).toHaveCount(0);

  await page.getByRole('button', { name: 'Clear All' }).click();
  await expect(page).toHaveURL(/\/features$/);
  await expect(page.getByRole('searchbox', { name: 'Search apps' })).toHaveValue('');
  await expect(page.getByRole('radio', { name: 'All Apps' })).toBeChecked();
  await expect(status).toHaveText(`${total} apps`);
  await expect(appNamed(page, 'Redis')).toBeVisible();
});

test('Nothing Found says what was searched for and offers a way out', async ({ page }) => {
  await openFeatures(page);
  await page.getByRole('searchbox', { name: 'Search apps' }).fill('mainframe');
  await page.getByRole('radio', { name: 'Databases' }).check();
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(catalogue(page).getByRole('heading', { name: 'Nothing Found' })).toBeVisible();
  await expect(catalogue(page)).toContainText('No app in Databases matches “mainframe”.');
  await expect(catalogue(page).getByRole('status')).toHaveText(/^Showing 0 of \d+ apps$/);
  await expect(catalogue(page).getByRole('link', { name: 'Ask us about your app' })).toHaveAttribute(
    'href',
    '/about-us#contact-form',
  );

  await page.getByRole('button', { name: 'Show all apps' }).click();
  await expect(page).toHaveURL(/\/features$/);
  await expect(catalogue(page).getByRole('heading', { name: 'Nothing Found' })).toHaveCount(0);
  await expect(page.getByRole('searchbox', { name: 'Search apps' })).toBeFocused();
});

test('the filter lives in the address: reload, a shared link, back and forward', async ({ page }) => {
  await openFeatures(page, '/features?q=proxy&category=web-servers');
  await expect(page.getByRole('searchbox', { name: 'Search apps' })).toHaveValue('proxy');
  await expect(page.getByRole('radio', { name: 'Web Servers' })).toBeChecked();
  await expect(appNamed(page, 'Nginx')).toBeVisible();
  await expect(appNamed(page, 'PostgreSQL')).toHaveCount(0);

  await page.reload();
  await expect(page.locator('astro-island')).not.toHaveAttribute('ssr', /.*/);
  await expect(page.getByRole('searchbox', { name: 'Search apps' })).toHaveValue('proxy');
  await expect(appNamed(page, 'PostgreSQL')).toHaveCount(0);

  await page.getByRole('searchbox', { name: 'Search apps' }).fill('');
  await page.getByRole('radio', { name: 'Storage' }).check();
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(appNamed(page, 'Ceph')).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(/\?q=proxy&category=web-servers$/);
  await expect(appNamed(page, 'Nginx')).toBeVisible();
  await expect(appNamed(page, 'Ceph')).toHaveCount(0);
  await expect(page.getByRole('radio', { name: 'Web Servers' })).toBeChecked();

  await page.goForward();
  await expect(appNamed(page, 'Ceph')).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Storage' })).toBeChecked();
});

test('the Danish catalogue filters with Danish labels', async ({ page }) => {
  await openFeatures(page, '/da/features?category=databases');
  await expect(page.getByRole('radio', { name: 'Databaser' })).toBeChecked();
  await expect(appNamed(page, 'MariaDB')).toBeVisible();
  await expect(appNamed(page, 'Nginx')).toHaveCount(0);
  await expect(catalogue(page).getByRole('status')).toHaveText(/^Viser \d+ af \d+ apps$/);
  await page.getByRole('button', { name: 'Ryd alt' }).click();
  await expect(page.getByRole('radio', { name: 'Alle apps' })).toBeChecked();
  await expect(page).toHaveURL(/\/da\/features$/);
});

test('switching language keeps the filter', async ({ page }) => {
  await openFeatures(page, '/features?category=databases');
  await page.getByRole('group', { name: 'Language' }).getByRole('link', { name: /DA/ }).click();
  await expect(page).toHaveURL(/\/da\/features\?category=databases$/);
  await expect(page.getByRole('radio', { name: 'Databaser' })).toBeChecked();
});
