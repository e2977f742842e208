import { expect, test } from '@playwright/test';

declare global {
  interface Window {
    cspViolations?: string[];
  }
}

test('the API reference renders the published document from our own origin, with no CSP violation', async ({
  page,
  baseURL,
}) => {
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      window.cspViolations = [
        ...(window.cspViolations ?? []),
        `${event.violatedDirective} ${event.blockedURI} ${event.sample}`,
      ];
    });
  });
  const origin = new URL(baseURL ?? '').origin;
  const elsewhere: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol !== 'data:' && url.origin !== origin) elsewhere.push(request.url());
  });

  const response = await page.goto('/api/docs');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle('Tidewatch API reference');
  const published = await (await page.request.get('/api/openapi.json')).json();
  await expect(page.locator('.servers select option')).toHaveText([published.servers[0].url]);
  // The list renders only what is in view: filtered to one group, its operations come first.
  const filter = page.getByPlaceholder('Filter by tag');
  await filter.fill('apiTokens');
  await filter.scrollIntoViewIfNeeded();
  const create = page.locator('.opblock-post').filter({
    has: page.locator('.opblock-summary-path[data-path="/api/customer/{customer_id}/api-tokens"]'),
  });
  await create.locator('.opblock-summary-control').click();
  await expect(create.locator('tr[data-param-name="Idempotency-Key"]')).toBeVisible();
  await expect(create.locator('.responses-table')).toContainText('422');

  expect(await page.evaluate(() => window.cspViolations ?? [])).toEqual([]);
  expect(elsewhere).toEqual([]);
});
