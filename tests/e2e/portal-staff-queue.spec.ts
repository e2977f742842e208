import { mkdirSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { expect, type OwnCustomer, test } from '../support/own-customer';
import { chooseCustomer, signIn, xsrfToken } from '../support/portal';
import { MONTHLY_PATCHING } from '../support/update-groups';

const SHOTS = '/tmp/staff-queue';
const QUEUE_KIND = 'service_window_queue';

const sidebar = (page: Page) => page.getByRole('navigation', { name: /Main|Hovedmenu/ });
const customerPicker = (page: Page) => page.getByRole('combobox', { name: /^(Customer|Kunde)$/ });
const dialog = (page: Page) => page.getByRole('dialog');

/** How many items wait for staff, as the server counts them. */
async function queueCount(page: Page): Promise<number> {
  return (await page.request.get(`/api/admin/count/${QUEUE_KIND}`)).json();
}

/** Presses Tab until the locator has the focus, as a keyboard user would reach it. */
async function tabTo(page: Page, target: Locator, most = 200) {
  for (let presses = 0; presses < most; presses++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target}`);
}

/** The customer's manager proposes moving its monthly-patching group's window to Saturday, as the form sends it. */
async function proposeMonthlyChange(page: Page, customer: OwnCustomer) {
  const group = await customer.addUpdateGroup('monthly-patching', MONTHLY_PATCHING, [
    await customer.addServer('db-01'),
  ]);
  await customer.signInAsManager(page);
  const proposed = await page
    .context()
    .request.post(`/api/customer/${customer.id}/service-window/proposals`, {
      data: {
        tag_id: group,
        settings: { ...MONTHLY_PATCHING, weekdays: [6] },
        note: 'Sundays are for backups',
      },
      headers: { 'x-xsrf-token': await xsrfToken(page) },
    });
  expect(proposed.ok(), await proposed.text()).toBe(true);
}

test.describe('the staff queue', () => {
  test('the admin opens the queue from the sidebar and Ctrl+K, answers a proposal at its customer, and the count drops', async ({
    page,
    ownCustomer,
  }) => {
    await proposeMonthlyChange(page, ownCustomer);
    await signIn(page, 'admin@tidewatch.example');
    await page.goto('/user/settings');
    const waiting = await queueCount(page);
    expect(waiting).toBeGreaterThan(0);
    await expect(customerPicker(page)).toHaveText('All customers', { timeout: 20_000 });

    const entry = sidebar(page).getByRole('link', { name: /Waiting for staff/ });
    await expect(entry.locator(`[data-count-kind="${QUEUE_KIND}"]`)).toHaveText(String(waiting));
    await entry.click();
    await expect(page).toHaveURL(/\/admin\/service-window\/queue$/);
    await expect(page.getByRole('heading', { name: 'Waiting for staff', level: 1 })).toBeVisible();

    await page.goto('/user/settings');
    // The page has loaded before the palette opens, so nothing of its load runs after Enter.
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: /\(Ctrl\+K\)/ })).toBeVisible();
    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Search' });
    await palette.getByRole('combobox', { name: 'Search' }).pressSequentially('waiting');
    const choice = palette.getByRole('option', { name: /Waiting for staff/ });
    await expect(choice.locator(`[data-count-kind="${QUEUE_KIND}"]`)).toHaveText(String(waiting));
    // Enter opens the chosen option once the search has answered: the page, not a customer it found first.
    await expect(palette.getByRole('combobox', { name: 'Search' })).toHaveAttribute('aria-busy', 'false');
    await expect(choice).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/admin\/service-window\/queue$/);

    const proposals = page.getByRole('table', { name: 'Window proposals' });
    const proposal = proposals
      .getByRole('row', { name: new RegExp(ownCustomer.company) })
      .filter({ hasText: 'monthly-patching' });
    await expect(proposal).toBeVisible();
    await proposal
      .getByRole('link', { name: `Answer the proposal for monthly-patching of ${ownCustomer.company}` })
      .click();
    await expect(page).toHaveURL(/\/customer\/service-window\/configuration$/);
    await expect(customerPicker(page)).toContainText(ownCustomer.company);

    const monthly = page.getByTestId('group-monthly-patching');
    await monthly.getByRole('button', { name: 'Answer the proposal' }).click();
    await dialog(page).getByLabel('Comment').fill('The batch jobs move instead');
    await dialog(page).getByRole('button', { name: 'Reject' }).click();
    await expect(dialog(page)).toHaveCount(0);

    await expect(sidebar(page).locator(`[data-count-kind="${QUEUE_KIND}"]`)).toHaveText(String(waiting - 1));
    await sidebar(page)
      .getByRole('link', { name: /Waiting for staff/ })
      .click();
    // The answered proposal leaves the queue; the demo's own proposals still wait there.
    await expect(proposals).toBeVisible();
    await expect(proposals.getByRole('row', { name: new RegExp(ownCustomer.company) })).toHaveCount(0);
    // The exemptions stay: the demo's, and any an earlier test of this worker asked for.
    await expect(
      page
        .getByRole('table', { name: 'Exemptions' })
        .getByRole('row', { name: /Acme Corp/ })
        .first(),
    ).toBeVisible();
  });
});

test.describe('deep links under "All customers"', () => {
  test("a server's and a team's address open at their customer", async ({ page }) => {
    await signIn(page, 'admin@tidewatch.example');
    await page.goto('/user/settings');
    await expect(customerPicker(page)).toHaveText('All customers', { timeout: 20_000 });

    await page.goto('/user/servers/web-01.acmecorp');
    await expect(page.getByRole('heading', { name: 'web-01.acmecorp', level: 1 })).toBeVisible();
    await expect(customerPicker(page)).toContainText('Acme Corp');
    await expect(page.getByRole('main')).toContainText('web-01.acmecorp');
    await expect(page.getByRole('main')).not.toContainText('Choose a customer');

    // Choosing "All customers" on the page keeps it chosen rather than switching back to the server's customer.
    await chooseCustomer(page, 'All customers');
    await expect(page.getByRole('heading', { name: 'Choose a customer' })).toBeVisible();
    await expect(customerPicker(page)).toHaveText('All customers');

    await page.goto('/customer/teams/Operations');
    await expect(customerPicker(page)).toContainText('Globex');
    await expect(page.getByRole('main')).not.toContainText('Choose a customer');
    await expect(page.getByRole('heading', { name: 'Operations', level: 1 })).toBeVisible();
  });

  test('the Exemptions badge under "All customers" leads on to the queue, which names each customer', async ({
    page,
  }) => {
    await signIn(page, 'admin@tidewatch.example');
    await page.goto('/user/settings');
    await expect(customerPicker(page)).toHaveText('All customers', { timeout: 20_000 });
    const exemptions = sidebar(page).getByRole('link', { name: /^Exemptions/ });
    await expect(exemptions.locator('[data-count-kind]')).toHaveText(/^[1-9]/);
    await exemptions.click();
    await expect(page.getByRole('heading', { name: 'Choose a customer' })).toBeVisible();
    await page
      .getByRole('main')
      .getByRole('link', { name: 'See what waits for staff across customers' })
      .click();
    await expect(page).toHaveURL(/\/admin\/service-window\/queue$/);
    await expect(
      page
        .getByRole('table', { name: 'Exemptions' })
        .getByRole('row', { name: /Acme Corp/ })
        .first(),
    ).toBeVisible();
  });

  test('a Fleet row is a link a keyboard reaches, and opens the server at its customer', async ({ page }) => {
    await signIn(page, 'admin@tidewatch.example');
    await page.goto('/admin/fleet');
    const link = page
      .getByRole('table', { name: 'Servers' })
      .getByRole('row', { name: /gx-web-02\.globexco/ })
      .getByRole('link', { name: 'gx-web-02.globexco' });
    await expect(link).toBeVisible();
    await tabTo(page, link);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/user\/servers\/gx-web-02\.globexco$/);
    await expect(page.getByRole('heading', { name: 'gx-web-02.globexco', level: 1 })).toBeVisible();
    await expect(customerPicker(page)).toContainText('Globex');
  });
});

test.describe('links opened in a new tab', () => {
  test("a queue's and a Fleet row's link show their customer, though the tab had another chosen", async ({
    page,
  }) => {
    await signIn(page, 'admin@tidewatch.example');
    await page.goto('/admin/service-window/queue');
    await chooseCustomer(page, 'Globex');
    const answer = page
      .getByRole('table', { name: 'Exemptions' })
      .getByRole('row', { name: /Acme Corp/ })
      .first()
      .getByRole('link', { name: /^Answer/ });
    const href = await answer.getAttribute('href');
    expect(href).toContain('at=acmecorp');

    // A second tab shares the first's stored choice (Globex), as a middle-click would open it.
    const tab = await page.context().newPage();
    await tab.goto(href ?? '');
    await expect(customerPicker(tab)).toContainText('Acme Corp');
    await expect(tab).toHaveURL(/\/customer\/service-window\/exemptions$/);
    await expect(tab.getByRole('heading', { name: 'Exemptions', level: 1 })).toBeVisible();
    await tab.close();

    await page.goto('/admin/fleet');
    const fleetLink = page
      .getByRole('table', { name: 'Servers' })
      .getByRole('row', { name: /gx-web-02\.globexco/ })
      .getByRole('link', { name: 'gx-web-02.globexco' });
    const serverHref = await fleetLink.getAttribute('href');
    await page.goto('/user/settings');
    await chooseCustomer(page, 'Acme');
    const serverTab = await page.context().newPage();
    await serverTab.goto(serverHref ?? '');
    await expect(serverTab.getByRole('heading', { name: 'gx-web-02.globexco', level: 1 })).toBeVisible();
    await expect(customerPicker(serverTab)).toContainText('Globex');
    await expect(serverTab).toHaveURL(/\/user\/servers\/gx-web-02\.globexco$/);
  });
});

test.describe('actions follow the server rule', () => {
  const writes = ['Propose a change', 'Ask to skip', 'Change roles and parameters'];

  async function expectNoWrites(page: Page) {
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    for (const name of writes) {
      await expect(page.getByRole('button', { name: new RegExp(name) })).toHaveCount(0);
      await expect(page.getByRole('link', { name: new RegExp(name) })).toHaveCount(0);
    }
  }

  test('finance reads a customer but is offered no change to it', async ({ page }) => {
    await signIn(page, 'finance@tidewatch.example');
    await page.goto('/user/servers/web-01.acmecorp');
    await expect(customerPicker(page)).toContainText('Acme Corp');
    await expect(page.getByRole('heading', { name: 'web-01.acmecorp', level: 1 })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('Roles');
    await expectNoWrites(page);

    // Each page shows the customer's records (so an absent button is withheld, not unloaded).
    const shown = {
      configuration: 'monthly-patching',
      bookings: 'weekly-patching',
      exemptions: 'Release freeze',
    };
    for (const [section, record] of Object.entries(shown)) {
      await page.goto(`/customer/service-window/${section}`);
      await expect(customerPicker(page)).toContainText('Acme Corp');
      await expect(page.getByRole('main').getByText(record).filter({ visible: true }).first()).toBeVisible();
      await expectNoWrites(page);
    }
  });

  for (const email of ['finance@tidewatch.example', 'security@tidewatch.example']) {
    test(`${email} sees no badge reading 0 under "All customers"`, async ({ page }) => {
      await signIn(page, email);
      await page.goto('/user/settings');
      await expect(sidebar(page)).toBeVisible({ timeout: 20_000 });
      // Finance choose among customers; the security officer reads none and has no picker.
      if (email.startsWith('finance')) await expect(customerPicker(page)).toHaveText('All customers');
      else await expect(customerPicker(page)).toHaveCount(0);
      await page.waitForLoadState('networkidle');
      const badges = sidebar(page).locator('[data-count-kind]');
      for (const text of await badges.allTextContents()) expect(text.trim()).not.toBe('0');
    });
  }

  test('the security officer, reading no customer, is told so on the servers page', async ({ page }) => {
    await signIn(page, 'security@tidewatch.example');
    await page.goto('/user/servers');
    await expect(page.getByRole('heading', { name: 'Servers', level: 1 })).toBeVisible();
    await expect(page.getByText("Nothing of the staff's own here")).toBeVisible();
    await expect(page.getByRole('main')).not.toContainText('Add your first server');
    await expect(page.getByRole('main')).not.toContainText('No servers yet');
  });
});

test.describe('looks', () => {
  for (const locale of ['en', 'da'] as const) {
    for (const width of [1280, 390]) {
      test(`the queue and a deep-linked server at ${width} px (${locale})`, async ({ page }) => {
        mkdirSync(SHOTS, { recursive: true });
        await page.setViewportSize({ width, height: 900 });
        await signIn(page, locale === 'da' ? 'approver@tidewatch.example' : 'admin@tidewatch.example');
        await page.goto('/admin/service-window/queue');
        await expect(page.getByRole('table').first()).toBeVisible();
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
        // The header's account name shows whole or not at all, never as a cut-off stub.
        const accountName = page.getByRole('banner').getByText('Tidewatch Admin');
        if (width === 390) await expect(accountName).toBeHidden();
        else await expect(accountName).toBeVisible();
        await page.screenshot({ path: `${SHOTS}/queue-${locale}-${width}.png`, fullPage: true });
        await page.goto('/user/servers/web-01.acmecorp');
        await expect(page.getByRole('heading', { name: 'web-01.acmecorp', level: 1 })).toBeVisible();
        await expect(customerPicker(page)).toContainText('Acme Corp');
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
        await page.screenshot({ path: `${SHOTS}/server-${locale}-${width}.png` });
      });
    }
  }
});
