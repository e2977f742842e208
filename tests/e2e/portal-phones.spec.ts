import { mkdirSync } from 'node:fs';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { signIn } from '../support/portal';
import { ADMIN, MANAGER } from '../support/portal-routes';

const PHONE = { width: 390, height: 844 };
const DESK = { width: 1280, height: 900 };
const SCREENSHOTS = '/tmp/portal-phones';

/** Opens a page and waits until it has shown what it loads. */
async function open(page: Page, url: string) {
  await page.goto(url);
  await expect(page.locator('main')).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('[aria-busy="true"], [data-state="loading"]')).toHaveCount(0, {
    timeout: 15_000,
  });
}

/**
 * The shown elements of `within` that reach past the visible part of their table's scroll box or
 * the screen, sideways (what a person would have to scroll sideways to see).
 */
function clippedSideways(within: Locator) {
  return within.evaluateAll((elements) =>
    elements.flatMap((element) => {
      const box = element.getBoundingClientRect();
      if (box.width === 0) return [];
      const scroller = element.closest('section') ?? document.documentElement;
      const edge = scroller.getBoundingClientRect();
      const right = Math.min(edge.left + scroller.clientLeft + scroller.clientWidth, window.innerWidth);
      const left = Math.max(edge.left, 0);
      return box.right > right + 0.5 || box.left < left - 0.5
        ? [
            `${element.textContent?.trim() || element.getAttribute('aria-label')}: ${box.left}–${box.right} outside ${left}–${right}`,
          ]
        : [];
    }),
  );
}

const menuButton = (page: Page) => page.getByRole('button', { name: 'Menu', exact: true });

/** How much wider than its words each status pill of `table` is drawn, by its words. */
function pillSlack(table: Locator) {
  return table
    .locator('tbody span:has(> svg)')
    .filter({ hasText: /^(Issued|Paid|Overdue|Credited|Active|Invited|Deactivated)$/ })
    .evaluateAll((pills) =>
      pills.map((pill) => {
        const element = pill as HTMLElement;
        const drawn = element.getBoundingClientRect().width;
        element.style.width = 'max-content';
        const words = element.getBoundingClientRect().width;
        element.style.width = '';
        return `${element.textContent}: ${Math.round(drawn - words)}`;
      }),
    );
}

for (const viewport of [PHONE, DESK]) {
  test(`status pills are as wide as their words, not their column (${viewport.width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await signIn(page, MANAGER);
    for (const url of ['/customer/invoices', '/customer/users']) {
      await open(page, url);
      const slack = await pillSlack(page.getByRole('main').getByRole('table').first());
      expect(slack.length, url).toBeGreaterThan(0);
      expect(slack.filter((entry) => !entry.endsWith(': 0'))).toEqual([]);
    }
  });
}

test.describe('at 390 px', () => {
  test.use({ viewport: PHONE });

  test('the menu drawer takes focus, keeps Tab inside, closes with Escape and gives focus back to Menu', async ({
    page,
  }) => {
    await signIn(page, MANAGER);
    await open(page, '/user/servers');
    const menu = menuButton(page);
    await menu.click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('navigation', { name: 'Main' })).toBeVisible();
    expect(await drawer.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    for (let step = 0; step < 40; step += 1) {
      await page.keyboard.press('Tab');
      expect(
        await drawer.evaluate((element) => element.contains(document.activeElement)),
        `Tab ${step + 1} stays in the drawer`,
      ).toBe(true);
    }
    await page.keyboard.press('Shift+Tab');
    expect(await drawer.evaluate((element) => element.contains(document.activeElement))).toBe(true);

    // The drawer covers the header's Menu button, so its own Close button stands in the same place.
    const close = drawer.getByRole('button', { name: 'Close menu' });
    // While the drawer is open the page behind it, Menu too, is hidden from the accessibility tree.
    const covered = page.getByRole('button', { name: 'Menu', exact: true, includeHidden: true });
    const [closeBox, menuBox] = [await close.boundingBox(), await covered.boundingBox()];
    expect(closeBox && menuBox).toBeTruthy();
    if (closeBox && menuBox) {
      expect(Math.abs(closeBox.x - menuBox.x)).toBeLessThanOrEqual(2);
      expect(Math.abs(closeBox.y - menuBox.y)).toBeLessThanOrEqual(2);
    }

    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(menu).toBeFocused();

    await menu.click();
    await close.click();
    await expect(drawer).toBeHidden();
    await expect(menu).toBeFocused();

    // Following a link closes the drawer and opens the page.
    await menu.click();
    await drawer.getByRole('link', { name: 'Clusters' }).click();
    await expect(page).toHaveURL(/\/user\/clusters/);
    await expect(drawer).toBeHidden();
  });

  test('a dialog opened from a row menu gives focus back to the menu when Escape closes it', async ({
    page,
  }) => {
    await signIn(page, MANAGER);
    await open(page, '/customer/tags');
    const actions = page.getByRole('button', { name: 'Actions for monthly-patching' });
    await actions.click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await expect(page.getByRole('dialog', { name: 'Edit tag “monthly-patching”' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(actions).toBeFocused();
  });

  test('invoices show their total and download, users their whole status, without sideways scrolling', async ({
    page,
  }) => {
    await signIn(page, MANAGER);
    await open(page, '/customer/invoices');
    const invoices = page.getByRole('table', { name: 'Invoices' });
    const first = invoices.locator('tbody tr').first();
    await expect(first.getByRole('button', { name: /^Download invoice/ })).toBeVisible();
    expect(await clippedSideways(first.locator('td, th'))).toEqual([]);
    await expect(first.getByText(/€|EUR|kr/)).toBeVisible();
    // The rows are cards now; screen readers still have the column headers.
    await expect(invoices.getByRole('columnheader', { name: 'Total' })).toHaveCount(1);
    await expect(first.getByRole('cell', { name: /€/ })).toHaveCount(1);

    await open(page, '/customer/users');
    const users = page.getByRole('table').first();
    const statuses = users
      .locator('tbody td')
      .filter({ hasText: /^(Status)?(Active|Invited|Deactivated|Invitation expired)/ });
    await expect(statuses.first()).toBeVisible();
    expect(await clippedSideways(users.locator('tbody td, tbody th'))).toEqual([]);
    const cut = await users
      .locator('tbody td span')
      .evaluateAll((spans) =>
        spans.filter((span) => span.scrollWidth > span.clientWidth + 1).map((span) => span.textContent),
      );
    expect(cut).toEqual([]);
  });

  test('Register Time Old shows every day of the week on screen', async ({ page }) => {
    await signIn(page, ADMIN);
    await open(page, '/admin/hours/register-old');
    const days = page.getByRole('textbox', { name: /^Row 1, / });
    await expect(days).toHaveCount(7);
    expect(await clippedSideways(days)).toEqual([]);
    await days.nth(6).scrollIntoViewIfNeeded();
    for (let day = 0; day < 7; day += 1) await expect(days.nth(day)).toBeVisible();
  });
});

test.describe('at 1280 px', () => {
  test.use({ viewport: DESK });

  test('a dialog and the command palette closed with Escape give focus back to what opened them', async ({
    page,
  }) => {
    await signIn(page, MANAGER);
    await open(page, '/customer/tags');
    const edit = page.getByRole('button', { name: 'Edit monthly-patching' });
    await edit.click();
    await expect(page.getByRole('dialog', { name: 'Edit tag “monthly-patching”' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(edit).toBeFocused();

    const search = page.getByRole('button', { name: 'Search (Ctrl+K)' });
    await search.click();
    await expect(page.getByRole('dialog', { name: 'Search' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(search).toBeFocused();
  });

  for (const { name, url, user } of [
    { name: 'Clusters', url: '/user/clusters', user: MANAGER },
    { name: 'Fleet', url: '/admin/fleet', user: ADMIN },
  ]) {
    test(`${name}: no column of the table is clipped`, async ({ page }) => {
      await signIn(page, user);
      await open(page, url);
      const table = page.getByRole('table').first();
      await expect(table.locator('tbody tr').first()).toBeVisible();
      expect(await clippedSideways(table.locator('thead th'))).toEqual([]);
      expect(await clippedSideways(table.locator('tbody tr').first().locator('td, th'))).toEqual([]);
    });
  }
});

test('screenshots of the changed pages at 390 and 1280 px', async ({ page }) => {
  test.setTimeout(180_000);
  // The drawer is photographed open, not halfway through sliding in.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  mkdirSync(SCREENSHOTS, { recursive: true });
  const pages = [
    { name: 'invoices', url: '/customer/invoices', user: MANAGER },
    { name: 'users', url: '/customer/users', user: MANAGER },
    { name: 'clusters', url: '/user/clusters', user: MANAGER },
    { name: 'register-old', url: '/admin/hours/register-old', user: ADMIN },
    { name: 'fleet', url: '/admin/fleet', user: ADMIN },
  ];
  for (const { name, url, user } of pages) {
    await page.context().clearCookies();
    await signIn(page, user);
    for (const viewport of [PHONE, DESK]) {
      await page.setViewportSize(viewport);
      await open(page, url);
      await page.screenshot({ path: `${SCREENSHOTS}/${name}-${viewport.width}.png`, fullPage: true });
    }
  }
  await page.setViewportSize(PHONE);
  await open(page, '/admin/fleet');
  await menuButton(page).click();
  await page.screenshot({ path: `${SCREENSHOTS}/drawer-390.png` });
});
