import { readFileSync } from 'node:fs';
import { type Browser, type Download, expect, type Page, test } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import { mailDir } from '../support/e2e-server';
import { chooseCustomer, pickSearchable, signIn, xsrfToken } from '../support/portal';
import { waitForMail } from '../support/smtp-capture';

const FINANCE = 'finance@tidewatch.example';
const ACME_MANAGER = 'manager@acme.example';
const GLOBEX_MANAGER = 'manager@globex.example';
const ACME_USER = 'user@acme.example';
/** Globex's billing address in the demo; its CC is the controller. */
const GLOBEX_BILLING = 'ap@globex.example';
const SHOTS = process.env.SCREENSHOT_DIR ?? 'tests/test-results/invoice-lifecycle';

const main = (page: Page) => page.getByRole('main');
const invoicesTable = (page: Page) => main(page).getByRole('table', { name: /^(Invoices|Fakturaer)$/ });

async function signedIn(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, email);
  return page;
}

async function setLanguage(page: Page, language: 'en' | 'da') {
  const response = await page.context().request.patch('/api/user/me', {
    data: { language },
    headers: { 'x-xsrf-token': await xsrfToken(page) },
  });
  expect(response.ok()).toBe(true);
}

/** The finance API as the portal calls it: its own address and a bearer token from the session. */
async function financeApi(page: Page) {
  const response = await page.context().request.post('/api/auth/finance-tokens', {
    headers: { 'x-xsrf-token': await xsrfToken(page) },
  });
  expect(response.status()).toBe(200);
  const tokens = (await response.json()) as { access_token: string; finance_api_url: string };
  const headers = { authorization: `Bearer ${tokens.access_token}` };
  const url = (path: string) => `${tokens.finance_api_url.replace(/\/$/, '')}${path}`;
  const request = page.context().request;
  return {
    get: (path: string) => request.get(url(path), { headers }),
    post: (path: string, data: object = {}) =>
      request.post(url(path), { headers: { ...headers, 'idempotency-key': crypto.randomUUID() }, data }),
    put: (path: string, data: object) => request.put(url(path), { headers, data }),
  };
}

async function pdfText(download: Download): Promise<string> {
  const body = readFileSync(await download.path());
  expect(body.subarray(0, 5).toString()).toBe('%PDF-');
  const parser = new PDFParse({ data: new Uint8Array(body) });
  const { text } = await parser.getText();
  await parser.destroy();
  return text;
}

/** Each demo customer's invoice series, to tell when the list shows the chosen customer's alone. */
const SERIES = { Acme: 'ACMECORP-', Globex: 'GLOBEXCO-' };

async function financeOn(page: Page, customer: keyof typeof SERIES, language: 'en' | 'da' = 'en') {
  await page.goto('/customer/invoices');
  await expect(invoicesTable(page).getByRole('rowheader').first()).toBeVisible();
  if (language === 'da') await pickSearchable(page, 'Kunde', 'Søg i kunder', customer);
  else await chooseCustomer(page, customer);
  const other = customer === 'Acme' ? SERIES.Globex : SERIES.Acme;
  await expect(invoicesTable(page).getByRole('rowheader', { name: other })).toHaveCount(0);
  await expect(invoicesTable(page).getByRole('rowheader', { name: SERIES[customer] }).first()).toBeVisible();
}

test.describe('the invoice lifecycle in the portal', () => {
  // The tests run in order on one server: drafts issued by one are the issued invoices of the next.
  test.describe.configure({ mode: 'serial' });

  // Finance and Acme's manager read English again even after a test that changed it failed or timed out:
  // the other files expect it, and a timed-out test runs nothing after the step it stopped at.
  test.afterAll(async ({ browser }) => {
    for (const email of [FINANCE, ACME_MANAGER]) {
      const page = await signedIn(browser, email);
      await setLanguage(page, 'en');
      await page.context().close();
    }
  });

  test('looks right for finance and for the customer, in English and Danish, wide and narrow', async ({
    browser,
  }) => {
    // Four sign-ins and sixteen screenshots, eight of them full pages: more than a minute on two busy cores.
    test.slow();
    for (const language of ['en', 'da'] as const) {
      const finance = await signedIn(browser, FINANCE);
      await setLanguage(finance, language);
      const manager = await signedIn(browser, ACME_MANAGER);
      await setLanguage(manager, language);
      for (const width of [1280, 390]) {
        await finance.setViewportSize({ width, height: 900 });
        await financeOn(finance, 'Globex', language);
        const bulk = main(finance).getByRole('toolbar');
        await expect(bulk).toBeVisible();
        // Tick the first row so the selection's buttons are live in the picture.
        await invoicesTable(finance).getByRole('checkbox').nth(1).check();
        await expect(bulk.getByRole('button').first()).toBeEnabled();
        if (width === 390) {
          // On a card the row's actions close the card at its end, not adrift under the labels.
          const card = invoicesTable(finance).getByRole('row').nth(1);
          const trigger = card.getByRole('button', { name: /^(Actions for|Handlinger for) / });
          const [cardBox, triggerBox] = [await card.boundingBox(), await trigger.boundingBox()];
          expect(
            (cardBox?.x ?? 0) + (cardBox?.width ?? 0) - ((triggerBox?.x ?? 0) + (triggerBox?.width ?? 0)),
          ).toBeLessThan(40);
        }
        await finance.screenshot({ path: `${SHOTS}/finance-${language}-${width}.png`, fullPage: true });
        await bulk.scrollIntoViewIfNeeded();
        await finance.screenshot({ path: `${SHOTS}/finance-${language}-${width}-rows.png` });

        await manager.setViewportSize({ width, height: 900 });
        await manager.goto('/customer/invoices');
        await expect(invoicesTable(manager).getByRole('rowheader').first()).toBeVisible();
        await manager.screenshot({ path: `${SHOTS}/manager-${language}-${width}.png`, fullPage: true });
        await invoicesTable(manager).scrollIntoViewIfNeeded();
        await manager.screenshot({ path: `${SHOTS}/manager-${language}-${width}-rows.png` });
      }
      await setLanguage(finance, 'en');
      await setLanguage(manager, 'en');
      await finance.context().close();
      await manager.context().close();
    }
  });

  test('finance issues a Globex draft from its row; it is numbered, mailed with its PDF and shown to Globex', async ({
    browser,
  }) => {
    const page = await signedIn(browser, FINANCE);
    await financeOn(page, 'Globex');
    const table = invoicesTable(page);
    const issue = table.getByRole('button', { name: /^Issue Draft of Globex/ }).first();
    const name = (await issue.getAttribute('aria-label')) ?? '';
    const period = name.slice(-7);
    const before = Date.now();
    await issue.click();
    const dialog = page.getByRole('dialog', { name: 'Issue 1 invoice?' });
    await dialog.getByRole('button', { name: 'Issue and mail' }).click();
    await expect(page.getByText('1 invoice issued and mailed')).toBeVisible();
    await expect(dialog).toHaveCount(0);

    const row = table.getByRole('row').filter({ hasText: period });
    await expect(row.getByRole('status').or(row)).toContainText('Issued');
    const number = ((await row.getByRole('rowheader').textContent()) ?? '').trim();
    expect(number).toMatch(/^[A-Z]+-\d{4}$/);

    // The billing address and its CC each get the mail with the PDF.
    for (const address of [GLOBEX_BILLING, 'controller@globex.example']) {
      const mail = await waitForMail(mailDir(), address, { after: before });
      expect(mail.text + mail.subject).toContain(number);
      expect(mail.attachments).toEqual([
        expect.objectContaining({ mimeType: 'application/pdf', filename: expect.stringContaining(number) }),
      ]);
    }

    const manager = await signedIn(browser, GLOBEX_MANAGER);
    await manager.goto('/customer/invoices');
    const download = manager.waitForEvent('download');
    await invoicesTable(manager)
      .getByRole('button', { name: `Download invoice ${number} (PDF)` })
      .click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`invoice-${number}.pdf`);
    expect(await pdfText(file)).toContain(number);
    await manager.context().close();
    await page.context().close();
  });

  test('finance issues the drafts it ticks, then marks the ticked invoices paid', async ({ browser }) => {
    const page = await signedIn(browser, FINANCE);
    await financeOn(page, 'Globex');
    const table = invoicesTable(page);
    const drafts = table.getByRole('row').filter({ hasText: 'Not yet numbered' });
    await expect(drafts).toHaveCount(1);
    await drafts.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Issue selected drafts (1)' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Issue and mail' }).click();
    await expect(page.getByText('1 invoice issued and mailed')).toBeVisible();
    await expect(drafts).toHaveCount(0);
    // The selection is cleared once done.
    await expect(page.getByRole('button', { name: 'Issue selected drafts (0)' })).toBeDisabled();

    const issued = table.getByRole('row').filter({ hasText: 'Issued' });
    await expect(issued).toHaveCount(2);
    const numbers = await issued.getByRole('rowheader').allTextContents();
    for (const checkbox of await issued.getByRole('checkbox').all()) await checkbox.check();
    await page.getByRole('button', { name: 'Mark selected paid (2)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mark 2 invoices paid?' });
    await dialog.getByRole('button', { name: 'Mark 2 invoices paid' }).click();
    await expect(page.getByText('2 invoices marked paid')).toBeVisible();
    for (const number of numbers) {
      await expect(table.getByRole('row').filter({ hasText: number.trim() })).toContainText('Paid');
    }
    await page.context().close();
  });

  test('finance records the day a payment arrived', async ({ browser }) => {
    const page = await signedIn(browser, FINANCE);
    await financeOn(page, 'Acme');
    await main(page).getByLabel('Status').selectOption({ label: 'Issued' });
    const table = invoicesTable(page);
    await expect(table.getByRole('rowheader')).toHaveCount(1);
    const row = table.getByRole('row').nth(1);
    const number = ((await row.getByRole('rowheader').textContent()) ?? '').trim();
    await row.getByRole('button', { name: `Mark ${number} paid` }).click();
    const dialog = page.getByRole('dialog', { name: 'Mark 1 invoice paid?' });
    const paidOn = new Date().toLocaleDateString('sv-SE');
    await dialog.getByLabel('Payment arrived on').fill(paidOn);
    await dialog.getByRole('button', { name: 'Mark paid' }).click();
    await expect(page.getByText('1 invoice marked paid')).toBeVisible();

    await main(page).getByLabel('Status').selectOption({ label: 'Paid' });
    const paid = table.getByRole('row').filter({ hasText: number });
    await expect(paid).toContainText('Paid');
    await expect(paid).toContainText(
      new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(paidOn)),
    );
    await page.context().close();
  });

  test('finance credits an invoice with a reason; the customer downloads the credit note', async ({
    browser,
  }) => {
    const page = await signedIn(browser, FINANCE);
    await financeOn(page, 'Globex');
    const table = invoicesTable(page);
    const row = table.getByRole('row').filter({ hasText: 'Paid' }).first();
    const number = ((await row.getByRole('rowheader').textContent()) ?? '').trim();
    const before = Date.now();
    await row.getByRole('button', { name: `Credit ${number}` }).click();
    const dialog = page.getByRole('dialog', { name: `Credit invoice ${number}?` });
    await dialog.getByRole('button', { name: 'Write the credit note' }).click();
    await expect(dialog.getByText('Say why the invoice is credited')).toBeVisible();
    await dialog
      .getByLabel('Reason, printed on the credit note')
      .fill('Billed twice for the same month; credited in full.');
    await dialog.getByRole('button', { name: 'Write the credit note' }).click();
    await expect(page.getByText(/^Credit note [A-Z]+-CN-\d{4} written and mailed$/)).toBeVisible();
    const credited = table.getByRole('row').filter({ hasText: number });
    await expect(credited).toContainText('Credited');
    const noteButton = credited.getByRole('button', {
      name: /^Download credit note [A-Z]+-CN-\d{4} \(PDF\)$/,
    });
    const creditNumber = ((await noteButton.textContent()) ?? '').replace('Credit note ', '').trim();
    const mail = await waitForMail(mailDir(), GLOBEX_BILLING, { after: before });
    expect(mail.attachments[0]).toMatchObject({ mimeType: 'application/pdf' });

    const manager = await signedIn(browser, GLOBEX_MANAGER);
    await manager.goto('/customer/invoices');
    const download = manager.waitForEvent('download');
    await invoicesTable(manager)
      .getByRole('button', { name: `Download credit note ${creditNumber} (PDF)` })
      .click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`credit-note-${creditNumber}.pdf`);
    const text = await pdfText(file);
    expect(text).toContain(creditNumber);
    expect(text).toContain('Billed twice for the same month');
    await manager.context().close();
    await page.context().close();
  });

  test('an invoice past its due date reads Overdue for finance and for the customer', async ({ browser }) => {
    const finance = await signedIn(browser, FINANCE);
    await financeOn(finance, 'Acme');
    await expect(invoicesTable(finance).getByRole('row').filter({ hasText: 'Overdue' })).toHaveCount(1);
    const manager = await signedIn(browser, ACME_MANAGER);
    await manager.goto('/customer/invoices');
    await expect(invoicesTable(manager).getByRole('row').filter({ hasText: 'Overdue' })).toHaveCount(1);
    await finance.context().close();
    await manager.context().close();
  });

  test('a customer can neither issue, pay nor credit, by the page or by the API', async ({ browser }) => {
    const finance = await signedIn(browser, FINANCE);
    const staffApi = await financeApi(finance);
    const globex = await (await staffApi.get('/customer/invoices?customer_id=globexco')).json();
    const globexInvoice = globex.data[0].id as string;

    const manager = await signedIn(browser, ACME_MANAGER);
    await manager.goto('/customer/invoices');
    const table = invoicesTable(manager);
    await expect(table.getByRole('rowheader').first()).toBeVisible();
    await expect(table.getByRole('checkbox')).toHaveCount(0);
    await expect(main(manager).getByRole('toolbar', { name: 'Selected invoices' })).toHaveCount(0);
    await expect(table.getByRole('button', { name: /^(Issue|Mark|Credit) / })).toHaveCount(0);

    const api = await financeApi(manager);
    const own = await (await api.get('/customer/invoices')).json();
    const ownInvoice = own.data[0].id as string;
    for (const id of [ownInvoice, globexInvoice]) {
      for (const [path, body] of [
        [`/customer/invoices/${id}/issue`, {}],
        [`/customer/invoices/${id}/payment`, { paid_on: new Date().toLocaleDateString('sv-SE') }],
        [`/customer/invoices/${id}/credit-note`, { reason: 'Not ours to credit' }],
      ] as const) {
        const response = await api.post(path, body);
        expect([403, 404], `${path} answered ${response.status()}`).toContain(response.status());
      }
    }
    // Nothing changed: the other customer's invoice is as it was.
    const after = await (await staffApi.get('/customer/invoices?customer_id=globexco')).json();
    expect(after.data[0].status).toBe(globex.data[0].status);
    await finance.context().close();
    await manager.context().close();
  });

  test('the ceiling notice shows from sign-in to the manager of a customer over its ceiling, and goes once work is approved', async ({
    browser,
  }) => {
    const manager = await signedIn(browser, ACME_MANAGER);
    const api = await financeApi(manager);
    const state = await (await api.get('/customer/acmecorp/expense-ceilings')).json();
    // The demo keeps Acme just under its ceiling; one of 10 EUR is reached.
    const set = await api.put('/customer/acmecorp/expense-ceilings', {
      customer_ceiling_eur: 10,
      groups: state.groups.map((group: { tag_id: string; ceiling_cents: number }) => ({
        tag_id: group.tag_id,
        ceiling_eur: group.ceiling_cents / 100,
      })),
    });
    expect(set.status()).toBe(200);

    await manager.goto('/user/servers');
    const notice = manager.getByRole('status').filter({ hasText: 'Your expense ceiling of' });
    await expect(notice).toContainText('€10');
    await expect(notice).toContainText('is reached for this month');

    const user = await signedIn(browser, ACME_USER);
    await user.goto('/user/servers');
    await expect(user.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(user.getByText('Your expense ceiling of')).toHaveCount(0);
    await user.context().close();

    // Approving on the invoices page, reached without a reload, takes the notice away at once.
    await manager.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Invoices' }).click();
    await expect(manager).toHaveURL(/\/customer\/invoices/);
    await expect(notice).toBeVisible();
    await main(manager).getByRole('button', { name: 'Approve further work this month' }).click();
    await expect(main(manager).getByText('Further work approved this month')).toBeVisible();
    await expect(notice).toHaveCount(0);
    await manager.context().close();
  });
});
