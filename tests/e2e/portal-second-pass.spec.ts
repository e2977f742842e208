import { expect, type Locator, type Page, test } from '@playwright/test';
import { chooseCustomer, signIn, xsrfToken } from '../support/portal';

const ADMIN = 'admin@tidewatch.example';
const MANAGER = 'manager@acme.example';
const SHOTS = '/tmp/p20a/shots';

/** Signs in and switches the user's language, as the settings page would; `restore` switches back. */
async function signInWith(page: Page, email: string, language: 'en' | 'da') {
  await signIn(page, email);
  const setLanguage = async (value: 'en' | 'da') =>
    page.context().request.patch('/api/user/me', {
      data: { language: value },
      headers: { 'x-xsrf-token': await xsrfToken(page) },
    });
  await setLanguage(language);
  return { restore: () => setLanguage('en') };
}

async function countOf(page: Page, path: string): Promise<number> {
  return (await page.context().request.get(path)).json();
}

/** Whether two boxes share any area. */
async function overlap(a: Locator, b: Locator): Promise<boolean> {
  const [one, two] = [await a.boundingBox(), await b.boundingBox()];
  if (!one || !two) return false;
  return (
    one.x < two.x + two.width &&
    two.x < one.x + one.width &&
    one.y < two.y + two.height &&
    two.y < one.y + one.height
  );
}

/** Answers one API path (GET) with a 500, as a server failure would. */
async function failReads(page: Page, pattern: RegExp) {
  const matches = (url: URL) => pattern.test(url.pathname);
  await page.route(matches, (route) =>
    route.request().method() === 'GET'
      ? route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({
            error: 'Internal Server Error',
            message: 'Something went wrong on our side.',
          }),
        })
      : route.fallback(),
  );
  return { restore: () => page.unroute(matches) };
}

const toasts = (page: Page) => page.locator('[data-rht-toaster] [role="status"]').locator('..');

test.describe('sidebar badges', () => {
  test('count the customer chosen in the header, and every customer until one is', async ({ page }) => {
    await signIn(page, ADMIN);
    await page.setViewportSize({ width: 1366, height: 800 });
    await page.goto('/user/servers');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const servers = nav.locator('[data-count-kind="server"]');
    await expect(page.getByTestId('count-scope')).toHaveText('Counts: all customers');
    await expect(servers).toHaveText(String(await countOf(page, '/api/admin/count/server')));

    await chooseCustomer(page, 'Globex');
    const globex = await countOf(page, '/api/count/server/globexco');
    await expect(servers).toHaveText(String(globex));
    await expect(nav.locator('[data-count-kind="cluster"]')).toHaveText(
      String(await countOf(page, '/api/count/cluster/globexco')),
    );
    await expect(page.getByTestId('count-scope')).toHaveText('Counts: Globex');
    await page.screenshot({ path: `${SHOTS}/badges-en-1366.png` });

    await chooseCustomer(page, 'All customers');
    await expect(page.getByTestId('count-scope')).toHaveText('Counts: all customers');
  });
});

test('in Danish, the badge scope and a failed control list read in Danish (390 px)', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  const user = await signInWith(page, ADMIN, 'da');
  try {
    const api = await failReads(page, /^\/api\/customer_details$/);
    await page.goto('/user/servers');
    await expect(page.locator('header [data-state="failed"]')).toContainText('Kunderne kunne ikke hentes', {
      timeout: 15_000,
    });
    await page.screenshot({ path: `${SHOTS}/failed-switcher-da-390.png` });
    await api.restore();
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await expect(page.getByTestId('count-scope')).toHaveText('Antal: alle kunder');
    await page.screenshot({ path: `${SHOTS}/badges-da-390.png` });
  } finally {
    await user.restore();
  }
});

test.describe('toasts', () => {
  for (const width of [1366, 390]) {
    test(`never cover the impersonation banner's way back (${width} px)`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await signIn(page, ADMIN);
      await page.goto('/admin/impersonate');
      await page.getByLabel('Search customers').fill('acme');
      await page.getByRole('radio', { name: /Acme Corp/ }).check();
      await page.getByRole('radio', { name: /user@acme\.example/ }).check();
      await page.getByLabel('Reason').fill('Ticket 4712: toasts and the banner');
      // Toasts last two seconds: the check runs in the page, as soon as toast and banner are both there.
      const placement = page.evaluate(async () => {
        const find = () => ({
          toast: document.querySelector('[data-rht-toaster] [role="status"]')?.parentElement,
          stop: document.querySelector('[data-testid="impersonation-banner"] button'),
        });
        const deadline = Date.now() + 15_000;
        while (Date.now() < deadline && !(find().toast && find().stop)) {
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        // The banner heads the page; on a phone the form has scrolled it away. The toaster moves in the frame after.
        window.scrollTo(0, 0);
        await new Promise((resolve) => setTimeout(resolve, 250));
        const { toast, stop } = find();
        if (!toast || !stop) return 'gone';
        const [a, b] = [toast.getBoundingClientRect(), stop.getBoundingClientRect()];
        return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom
          ? 'covered'
          : 'clear';
      });
      await page.getByRole('button', { name: 'Start impersonating' }).click();
      expect(await placement).toBe('clear');
      await page.screenshot({ path: `${SHOTS}/toast-banner-en-${width}.png` });
      const stop = page
        .getByTestId('impersonation-banner')
        .getByRole('button', { name: 'Stop impersonating' });
      await stop.click();
      await expect(page.getByText('Stopped Impersonating')).toBeVisible();
    });
  }

  test("never cover a dialog's buttons (390 px)", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 700 });
    await signIn(page, MANAGER);
    await page.goto('/customer/tags');
    await page.route('**/api/customer/*/tags/*', (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: JSON.stringify({
              error: 'Internal Server Error',
              message: 'Something went wrong on our side.',
            }),
          })
        : route.fallback(),
    );
    // At 390 px a row's actions fold into one menu.
    await page.getByRole('button', { name: 'Actions for production' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Delete tag' }).click();
    await expect(toasts(page).first()).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/toast-dialog-en-390.png` });
    for (const toast of await toasts(page).all()) {
      for (const button of await dialog.getByRole('button').all())
        expect(await overlap(toast, button)).toBe(false);
    }
  });
});

test.describe('validation messages', () => {
  for (const language of ['en', 'da'] as const) {
    test(`add cluster says a tampered choice in a sentence, never zod's words (${language})`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: 1366, height: 800 });
      const user = await signInWith(page, MANAGER, language);
      try {
        await page.goto('/user/clusters');
        await page.getByRole('button', { name: language === 'da' ? /Tilføj klynge/ : 'Add cluster' }).click();
        const dialog = page.getByRole('dialog');
        await dialog.locator('input[name="name"]').fill('edge-tampered');
        // A value no option offers, as a tampered or stale form would send.
        await dialog.locator('select[name="provider"]').evaluate((select: HTMLSelectElement) => {
          select.add(new Option('Moon', 'moon'));
          select.value = 'moon';
        });
        await dialog
          .getByRole('button', { name: language === 'da' ? 'Tilføj klynge' : 'Add cluster' })
          .click();
        const expected = language === 'da' ? 'Vælg en af mulighederne' : 'Choose one of the options';
        await expect(dialog.getByText(expected)).toBeVisible();
        await expect(dialog).not.toContainText(/Invalid|expected|Ugyldig|forventede/);
        await page.screenshot({ path: `${SHOTS}/add-cluster-invalid-${language}-1366.png` });
      } finally {
        await user.restore();
      }
    });
  }
});

test.describe('failed lists inside controls', () => {
  test('the tag filter, the customer switcher and the sidebar teams say so with Retry', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 800 });
    await signIn(page, ADMIN);
    const api = await failReads(page, /^\/api\/customer_details$/);
    await page.goto('/user/servers');
    const switcher = page.locator('header [data-state="failed"]');
    await expect(switcher).toContainText('Could not load the customers', { timeout: 15_000 });
    await page.screenshot({ path: `${SHOTS}/failed-switcher-en-1366.png` });
    await api.restore();
    await switcher.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('combobox', { name: 'Customer', exact: true })).toBeVisible();
  });

  test('a manager sees the tag filter and the sidebar teams fail and come back', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 800 });
    await signIn(page, MANAGER);
    const api = await failReads(page, /^\/api\/(tags|tags\/team\/customer\/[^/]+)$/);
    await page.goto('/user/servers');
    const main = page.locator('main');
    const filterFailed = main.locator('[data-state="failed"]', { hasText: 'Could not load the tags' });
    const teamsFailed = page.getByRole('navigation', { name: 'Main' }).locator('[data-state="failed"]');
    await expect(filterFailed).toBeVisible({ timeout: 15_000 });
    await expect(teamsFailed).toContainText('Could not load the teams');
    await page.screenshot({ path: `${SHOTS}/failed-filter-teams-en-1366.png` });
    await api.restore();
    await filterFailed.getByRole('button', { name: 'Retry' }).click();
    await teamsFailed.getByRole('button', { name: 'Retry' }).click();
    await expect(filterFailed).toHaveCount(0);
    await expect(teamsFailed).toHaveCount(0);
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Platform' }),
    ).toBeVisible();
  });

  test('the add-cluster dialog says when its tags could not be loaded', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await signIn(page, MANAGER);
    const api = await failReads(page, /^\/api\/tags$/);
    await page.goto('/user/clusters');
    await page.getByRole('button', { name: 'Add cluster' }).click();
    // The list's own tag filter fails too; the dialog's is the one looked at here.
    const failed = page.getByRole('dialog').locator('[data-state="failed"]');
    await expect(failed).toContainText('Could not load the tags', { timeout: 15_000 });
    await page.screenshot({ path: `${SHOTS}/failed-dialog-en-390.png` });
    await api.restore();
    await failed.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('dialog').getByRole('checkbox', { name: 'production' })).toBeVisible();
  });

  test("the bulk tag bar and a server's tag editor say when the tags could not be loaded", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1366, height: 800 });
    await signIn(page, MANAGER);
    const api = await failReads(page, /^\/api\/tags$/);
    await page.goto('/user/servers');
    await page.getByRole('checkbox', { name: 'Select files-01.acmecorp' }).check();
    const bar = page.getByRole('region', { name: 'Tag the selected servers' });
    const barFailed = bar.locator('[data-state="failed"]');
    await expect(barFailed).toContainText('Could not load the tags', { timeout: 15_000 });
    await api.restore();
    await barFailed.getByRole('button', { name: 'Retry' }).click();
    await expect(barFailed).toHaveCount(0);
    await expect(
      bar.getByLabel('Tag', { exact: true }).locator('option', { hasText: 'production' }),
    ).toHaveCount(1);

    const again = await failReads(page, /^\/api\/tags$/);
    await page.goto('/user/servers/files-01.acmecorp');
    const editorFailed = page.locator('main [data-state="failed"]', { hasText: 'Could not load the tags' });
    await expect(editorFailed).toBeVisible({ timeout: 15_000 });
    await again.restore();
    await editorFailed.getByRole('button', { name: 'Retry' }).click();
    await expect(editorFailed).toHaveCount(0);
  });

  test('the delete-tag dialog says when what goes with the tag could not be loaded', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 800 });
    await signIn(page, MANAGER);
    await page.goto('/customer/tags');
    const api = await failReads(page, /^\/api\/customer\/[^/]+\/tags\/[^/]+$/);
    await page.getByRole('button', { name: 'Delete monthly-patching' }).click();
    const dialog = page.getByRole('dialog');
    const failed = dialog.locator('[data-state="failed"]');
    await expect(failed).toContainText('Could not load what goes with the tag', { timeout: 15_000 });
    await page.screenshot({ path: `${SHOTS}/failed-delete-tag-en-1366.png` });
    await api.restore();
    await failed.getByRole('button', { name: 'Retry' }).click();
    await expect(dialog).toContainText('This cannot be undone.');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });
});

test.describe('small things', () => {
  test('the portal has a favicon, and the cluster search names what it finds', async ({ page }) => {
    await signIn(page, MANAGER);
    await page.goto('/user/clusters');
    const href = await page.locator('link[rel="icon"]').getAttribute('href');
    expect(href).toBeTruthy();
    const icon = await page.request.get(new URL(href ?? '', page.url()).toString());
    expect(icon.status()).toBe(200);
    expect(icon.headers()['content-type']).toContain('image/svg+xml');
    await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveAttribute(
      'placeholder',
      'Cluster name',
    );
  });

  for (const language of ['en', 'da'] as const) {
    for (const width of [1366, 390]) {
      test(`sessions: device, place, last active, marker and sign-out on one row (${language}, ${width} px)`, async ({
        page,
        browser,
      }) => {
        // A second device, so that one row has a sign-out button.
        const other = await browser.newPage();
        await signIn(other, MANAGER);
        await other.close();
        await page.setViewportSize({ width, height: 900 });
        const user = await signInWith(page, MANAGER, language);
        try {
          await page.goto('/user/settings');
          const rows = page.getByTestId('session');
          await expect(rows.first()).toBeVisible();
          await expect(
            page
              .getByTestId('session')
              .filter({ hasText: language === 'da' ? 'Denne enhed' : 'This device' }),
          ).toHaveCount(1);
          const row = rows.filter({ has: page.getByRole('button') }).first();
          const button = row.getByRole('button');
          await row.scrollIntoViewIfNeeded();
          await page.screenshot({ path: `${SHOTS}/sessions-${language}-${width}.png`, fullPage: true });
          const [rowBox, buttonBox] = [await row.boundingBox(), await button.boundingBox()];
          expect(rowBox && buttonBox).toBeTruthy();
          if (!rowBox || !buttonBox) return;
          // The button sits inside its row, and nothing spills sideways.
          expect(buttonBox.x + buttonBox.width).toBeLessThanOrEqual(rowBox.x + rowBox.width + 1);
          const spills = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
          expect(spills).toBe(false);
          if (width === 1366) {
            // Wide enough for one line: every part of the row shares it.
            const parts = await row.locator(':scope > span').all();
            const tops = await Promise.all(parts.map(async (part) => (await part.boundingBox())?.y ?? 0));
            expect(Math.max(...tops) - Math.min(...tops)).toBeLessThan(12);
          }
        } finally {
          await user.restore();
        }
      });
    }
  }
});
