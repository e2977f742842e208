import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { inBothSchemes, sidewaysOverflow } from '../support/axe';
import { expect, test } from '../support/own-customer';
import { chooseCustomer, sidebarLabels, signIn, xsrfToken } from '../support/portal';
import { MANAGER } from '../support/portal-routes';

const main = (page: Page) => page.getByRole('main');
const dialog = (page: Page) => page.getByRole('dialog');

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A real receiver in the test's process on 127.0.0.1 (the end-to-end servers allow private
 * targets): answers 200 and keeps what it got.
 */
async function startReceiver() {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.writeHead(200, { 'content-type': 'text/plain' }).end('received, thank you');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    received,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/tidewatch`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The Standard Webhooks check: an HMAC-SHA256 over `id.timestamp.body` with the key after `whsec_`. */
function signedWith(secret: string, got: Received): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const signed = `${got.headers['webhook-id']}.${got.headers['webhook-timestamp']}.${got.body}`;
  const expected = `v1,${createHmac('sha256', key).update(signed).digest('base64')}`;
  return String(got.headers['webhook-signature']).split(' ').includes(expected);
}

/** The id of Acme's demo endpoint, "Operations dashboard", as the page's own session reads it. */
async function demoWebhookId(page: Page): Promise<string> {
  const answer = await page.request.get('/api/customer/acmecorp/webhooks');
  const { data } = (await answer.json()) as { data: { id: string; description: string }[] };
  const demo = data.find((webhook) => webhook.description === 'Operations dashboard');
  if (!demo) throw new Error('the demo webhook');
  return demo.id;
}

test.describe('the webhooks page', () => {
  test('a manager adds a webhook, sees its secret once, tests, rotates and deletes it', async ({
    page,
    context,
    ownCustomer,
  }) => {
    const receiver = await startReceiver();
    try {
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await ownCustomer.signInAsManager(page);
      await page.goto('/user/settings');
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Webhooks' }).click();
      await expect(page).toHaveURL(/\/customer\/webhooks$/);
      await expect(main(page).getByRole('heading', { name: 'No webhooks yet' })).toBeVisible();
      await main(page).getByRole('button', { name: 'Add webhook' }).click();

      const form = dialog(page);
      await expect(form.getByRole('heading', { name: 'Add webhook' })).toBeVisible();
      const address = form.getByRole('textbox', { name: 'Address' });
      await address.fill('https://hooks.no-such-host.invalid/tidewatch');
      await form.getByLabel('Description').fill('Receiver in the test');
      await form.getByRole('checkbox', { name: /^Service window completed/ }).check();
      await form.getByRole('checkbox', { name: /^Server stopped reporting/ }).check();
      await form.getByRole('button', { name: 'Add webhook' }).click();
      // The server's refusal of the address comes back under the field itself.
      await expect(address).toHaveAttribute('aria-invalid', 'true');
      await expect(address).toHaveAccessibleDescription(
        /No address could be found for hooks\.no-such-host\.invalid/,
      );

      await address.fill(receiver.url);
      await form.getByRole('button', { name: 'Add webhook' }).click();
      await expect(
        form.getByRole('heading', { name: 'Webhook added: copy its signing secret' }),
      ).toBeVisible();
      await expect(form).toContainText('This is the only time the secret is shown');
      const shown = form.getByRole('figure', { name: 'Signing secret' });
      const secret = (await shown.locator('code').textContent()) ?? '';
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
      await shown.getByRole('button', { name: 'Copy' }).click();
      await expect(shown.getByRole('button', { name: 'Copied' })).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
      await form.getByRole('button', { name: 'Done' }).click();
      await expect(dialog(page)).toHaveCount(0);

      const card = main(page)
        .getByRole('listitem')
        .filter({
          has: page.getByRole('heading', { name: 'Receiver in the test', level: 2 }),
        });
      await expect(card).toContainText(receiver.url);
      await expect(card.getByText('On', { exact: true })).toBeVisible();
      await expect(card.getByRole('list', { name: 'Events sent to Receiver in the test' })).toHaveText(
        /Service window completed.*Server stopped reporting/,
      );
      // The secret is not on the page once its dialog has closed.
      await expect(page.getByText(secret)).toHaveCount(0);

      await card.getByRole('button', { name: 'Send test event to Receiver in the test' }).click();
      await expect(page).toHaveURL(/[?&]webhook=/);
      const deliveries = card.getByRole('region', { name: 'Deliveries to Receiver in the test' });
      const row = deliveries.getByRole('row', { name: /Test event/ });
      await expect(row).toContainText('Succeeded');
      await expect(row).toContainText('HTTP 200');
      const [got] = receiver.received;
      if (!got) throw new Error('the receiver got nothing');
      expect(got.headers['webhook-signature']).toMatch(/^v1,/);
      expect(got.headers['webhook-id']).toMatch(/^msg_/);
      expect(JSON.parse(got.body)).toMatchObject({ type: 'webhook.test' });
      expect(signedWith(secret, got), 'signed with the secret the page showed').toBe(true);

      await deliveries.getByRole('button', { name: /^Details of Test event/ }).click();
      await expect(deliveries.getByRole('button', { name: /^Details of Test event/ })).toHaveAttribute(
        'aria-expanded',
        'true',
      );
      await expect(deliveries.getByRole('heading', { name: '1 attempt' })).toBeVisible();
      await expect(deliveries.getByText('received, thank you')).toBeVisible();
      await expect(deliveries.getByRole('figure', { name: 'Payload' })).toContainText(
        '"type": "webhook.test"',
      );

      // Rotating asks first; Escape leaves it, and focus goes back to the button that asked.
      const rotate = card.getByRole('button', { name: 'Rotate secret of Receiver in the test' });
      await rotate.click();
      await expect(dialog(page).getByRole('heading', { name: /^Rotate the signing secret/ })).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(dialog(page)).toHaveCount(0);
      await expect(rotate).toBeFocused();
      await rotate.click();
      await dialog(page).getByRole('button', { name: 'Rotate secret' }).click();
      await expect(
        dialog(page).getByRole('heading', { name: 'New signing secret for Receiver in the test' }),
      ).toBeVisible();
      const rotated =
        (await dialog(page).getByRole('figure', { name: 'Signing secret' }).locator('code').textContent()) ??
        '';
      expect(rotated).toMatch(/^whsec_/);
      expect(rotated).not.toBe(secret);
      await expect(dialog(page)).toContainText('The previous secret also signs every message until');
      await dialog(page).getByRole('button', { name: 'Done' }).click();
      await expect(dialog(page)).toHaveCount(0);

      await card.getByRole('button', { name: 'Delete Receiver in the test' }).click();
      await expect(dialog(page)).toContainText(receiver.url);
      await dialog(page).getByRole('button', { name: 'Cancel' }).click();
      await expect(card).toBeVisible();
      await card.getByRole('button', { name: 'Delete Receiver in the test' }).click();
      await dialog(page).getByRole('button', { name: 'Delete webhook' }).click();
      await expect(dialog(page)).toHaveCount(0);
      await expect(main(page).getByRole('heading', { name: 'No webhooks yet' })).toBeVisible();
      await expect(page).not.toHaveURL(/[?&]webhook=/);
    } finally {
      await receiver.close();
    }
  });

  test('turning a webhook off says so, hides its test send, and on turns it back', async ({
    page,
    ownCustomer,
  }) => {
    const created = await ownCustomer.staff.post(`/api/customer/${ownCustomer.id}/webhooks`, {
      data: { url: 'http://127.0.0.1:9/off', events: ['invoice.issued'], description: 'Billing bridge' },
    });
    expect(created.ok(), await created.text()).toBe(true);
    await ownCustomer.signInAsManager(page);
    await page.goto('/customer/webhooks');
    const card = main(page)
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Billing bridge' }) });
    await card.getByRole('button', { name: 'Turn off Billing bridge' }).click();
    await expect(card).toContainText('Turned off by you');
    await expect(card).toContainText('No events are sent to it while it is off.');
    await expect(card.getByRole('button', { name: /^Send test event/ })).toHaveCount(0);
    await card.getByRole('button', { name: 'Turn on Billing bridge' }).click();
    await expect(card.getByText('On', { exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Send test event to Billing bridge' })).toBeVisible();

    await card.getByRole('button', { name: 'Edit Billing bridge' }).click();
    await expect(dialog(page).getByRole('checkbox', { name: /^Invoice issued/ })).toBeChecked();
    await dialog(page).getByLabel('Description').fill('Billing bridge 2');
    await dialog(page)
      .getByRole('checkbox', { name: /^Invoice issued/ })
      .uncheck();
    await dialog(page).getByRole('button', { name: 'Save webhook' }).click();
    await expect(dialog(page).getByText('Choose the events to send')).toBeVisible();
    await dialog(page)
      .getByRole('checkbox', { name: /^Change request merged/ })
      .check();
    await dialog(page).getByRole('button', { name: 'Save webhook' }).click();
    await expect(dialog(page)).toHaveCount(0);
    await expect(main(page).getByRole('heading', { name: 'Billing bridge 2' })).toBeVisible();
    await expect(main(page)).toContainText('Change request merged');
  });

  test('shows the demo deliveries, newest first, deep-linked to the endpoint', async ({ page }) => {
    await signIn(page, MANAGER);
    const id = await demoWebhookId(page);
    await page.goto(`/customer/webhooks?webhook=${id}`);
    const deliveries = main(page).getByRole('region', { name: 'Deliveries to Operations dashboard' });
    // The demo's four, in order; a window that ends while the tests run may add its own on top.
    await expect(deliveries.getByRole('rowheader')).toContainText([
      'Service window completed',
      'Invoice issued',
      'Server reporting again',
      'Server stopped reporting',
    ]);
    const invoice = deliveries.getByRole('row', { name: /Invoice issued/ });
    await expect(invoice).toContainText('Succeeded');
    await invoice.getByRole('button', { name: /^Details of Invoice issued/ }).click();
    await expect(deliveries.getByRole('heading', { name: '2 attempts' })).toBeVisible();
    await expect(deliveries.getByText('HTTP 503')).toBeVisible();
    await expect(deliveries.getByText('upstream unavailable')).toBeVisible();
    await main(page).getByRole('button', { name: 'Deliveries to Operations dashboard' }).click();
    await expect(page).not.toHaveURL(/webhook=/);
    await expect(deliveries).toHaveCount(0);
  });

  test('the events sent are in the activity, by the service, filtered by their own kind', async ({
    page,
  }) => {
    await signIn(page, MANAGER);
    await page.goto('/customer/activity?kind=webhooks');
    const table = main(page).getByRole('table');
    await expect(
      table.getByRole('row').filter({ hasText: 'Sent server.stale to your webhooks: files-01.acmecorp' }),
    ).toContainText('Tidewatch');
    await expect(main(page).getByLabel('Kind')).toHaveValue('webhooks');
    await expect(table.getByRole('row').filter({ hasText: 'Signed in' })).toHaveCount(0);
  });

  test('a failed load says so with Retry, not loading or empty, and Retry brings the list', async ({
    page,
  }) => {
    await signIn(page, MANAGER);
    let failing = true;
    await page.route('**/api/customer/acmecorp/webhooks', (route) =>
      failing && route.request().method() === 'GET'
        ? route.fulfill({ status: 500, json: { error: 'internal', message: 'Boom' } })
        : route.fallback(),
    );
    await page.goto('/customer/webhooks');
    const failed = main(page).locator('[data-state="failed"]');
    await expect(failed).toContainText('Could not load the webhooks', { timeout: 15_000 });
    await expect(main(page).locator('[data-state="empty"], [data-state="loading"]')).toHaveCount(0);
    await expect(main(page).getByText('No webhooks yet')).toHaveCount(0);
    failing = false;
    await failed.getByRole('button', { name: 'Retry' }).click();
    await expect(main(page).getByRole('heading', { name: 'Operations dashboard' })).toBeVisible();
  });

  for (const width of [1366, 390]) {
    test(`fits ${width} px without sideways scrolling and has no WCAG AA violation, light and dark`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await signIn(page, MANAGER);
      const id = await demoWebhookId(page);
      await page.goto(`/customer/webhooks?webhook=${id}`);
      const deliveries = main(page).getByRole('region', { name: 'Deliveries to Operations dashboard' });
      await deliveries.getByRole('button', { name: /^Details of Service window completed/ }).click();
      await expect(deliveries.getByRole('figure', { name: 'Payload' })).toBeVisible();
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
      expect(await inBothSchemes(page)).toEqual({ light: [], dark: [] });

      await main(page).getByRole('button', { name: 'Add webhook' }).click();
      await expect(dialog(page).getByRole('heading', { name: 'Add webhook' })).toBeVisible();
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
      expect(await inBothSchemes(page)).toEqual({ light: [], dark: [] });
      // Escape closes the dialog and gives focus back to the button that opened it.
      await page.keyboard.press('Escape');
      await expect(main(page).getByRole('button', { name: 'Add webhook' })).toBeFocused();
    });
  }

  test('is in Danish for a Danish reader', async ({ page, ownCustomer }) => {
    await ownCustomer.signInAsManager(page);
    const changed = await page.context().request.patch('/api/user/me', {
      data: { language: 'da' },
      headers: { 'x-xsrf-token': await xsrfToken(page) },
    });
    expect(changed.ok()).toBe(true);
    await page.goto('/customer/webhooks');
    await expect(main(page).getByRole('heading', { name: 'Ingen webhooks endnu' })).toBeVisible();
    await expect(sidebarLabels(page).filter({ hasText: 'Webhooks' })).toHaveCount(1);
    await main(page).getByRole('button', { name: 'Tilføj webhook' }).click();
    await expect(dialog(page).getByText('Hændelser, der skal sendes')).toBeVisible();
    await expect(dialog(page).getByRole('checkbox', { name: /^Servicevindue gennemført/ })).toBeVisible();
    await dialog(page).getByRole('button', { name: 'Tilføj webhook' }).click();
    await expect(dialog(page).getByText('Vælg de hændelser, der skal sendes')).toBeVisible();
  });

  test('staff see a customer’s webhooks once they choose the customer', async ({ page }) => {
    await signIn(page, 'admin@tidewatch.example');
    await page.goto('/customer/webhooks');
    await expect(main(page).getByRole('heading', { name: 'Choose a customer' })).toBeVisible();
    await chooseCustomer(page, 'Acme Corp');
    await expect(main(page).getByRole('heading', { name: 'Operations dashboard' })).toBeVisible();
  });

  test('a customer user without the role has no Webhooks entry and is refused', async ({ page }) => {
    await signIn(page, 'user@acme.example');
    await page.goto('/user/settings');
    await expect(sidebarLabels(page).filter({ hasText: 'Settings' })).toHaveCount(1);
    await expect(sidebarLabels(page).filter({ hasText: 'Webhooks' })).toHaveCount(0);
    await page.goto('/customer/webhooks');
    await expect(
      main(page)
        .getByText(/not allowed|do not have access/i)
        .first(),
    ).toBeVisible();
    expect((await page.request.get('/api/customer/acmecorp/webhooks')).status()).toBe(403);
  });
});
