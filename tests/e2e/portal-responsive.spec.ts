import { expect, type Page, test } from '@playwright/test';
import { violations } from '../support/axe';
import { chooseCustomer, signIn } from '../support/portal';
import { ADMIN, CASES, LOADS_NOTHING, MANAGER, portalPaths } from '../support/portal-routes';

const PHONE = { width: 390, height: 844 };

/** A customer user, a customer manager, and staff (who look at one customer, chosen in the header). */
const ROLES = [
  { name: 'customer user', email: 'user@acme.example' },
  { name: 'customer manager', email: MANAGER },
  { name: 'staff admin', email: ADMIN },
] as const;

/** How far the page reaches past the screen's right edge (0 when nothing scrolls sideways). */
const overflow = (page: Page) =>
  page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return root.scrollWidth - window.innerWidth;
  });

/** Opens a page and waits until it has shown what it loads. */
async function open(page: Page, url: string) {
  await page.goto(url);
  await expect(page.locator('main')).toBeVisible();
  await expect(page.locator('[aria-busy="true"], [data-state="loading"]')).toHaveCount(0, {
    timeout: 15_000,
  });
}

test.use({ viewport: PHONE });

for (const role of ROLES) {
  test(`at 390 px no portal page scrolls sideways for a ${role.name}`, async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, role.email);
    if (role.email === ADMIN) {
      await page.goto('/user/servers');
      await chooseCustomer(page, 'Acme Corp');
    }
    const paths = portalPaths.filter((path) => !LOADS_NOTHING.has(path));
    expect(paths.length).toBeGreaterThan(10);
    const wide: string[] = [];
    for (const path of paths) {
      const url = CASES[path]?.url;
      expect(url, `an address for ${path}`).toBeTruthy();
      await open(page, url as string);
      const past = await overflow(page);
      if (past > 0) wide.push(`${url}: ${past} px too wide`);
    }
    expect(wide).toEqual([]);
  });
}

test('at 390 px a tag row keeps its actions in one menu on screen', async ({ page }) => {
  await signIn(page, MANAGER);
  await open(page, '/customer/tags');
  await expect(page.getByRole('button', { name: 'Edit monthly-patching' })).toHaveCount(0);
  const menu = page.getByRole('button', { name: 'Actions for monthly-patching' });
  const box = await menu.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= PHONE.width, 'inside the screen').toBe(true);
  await menu.click();
  await expect(page.getByRole('menuitem')).toHaveText(['Members', 'Edit', 'Delete']);
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await expect(page.getByRole('dialog', { name: 'Edit tag “monthly-patching”' })).toBeVisible();
});

test('at 390 px a team contact keeps its actions in one menu', async ({ page }) => {
  await signIn(page, MANAGER);
  await open(page, '/customer/teams/Web%20Shop');
  const menus = page.getByRole('button', { name: /^Actions for / });
  await expect(menus.first()).toBeVisible();
  await menus.first().click();
  await expect(page.getByRole('menuitem')).toHaveText(['Edit', 'Remove']);
});

test('at 390 px the header, a tag list and a team page have no WCAG AA violation', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto('/user/servers');
  await chooseCustomer(page, 'Acme Corp');
  for (const url of ['/user/servers', '/customer/tags', '/customer/teams/Web%20Shop']) {
    await open(page, url);
    expect(await violations(page), url).toEqual([]);
  }
});
