import { expect, type Page } from '@playwright/test';

/**
 * Sends the browser's next request to `path` on to the real server with its JSON body changed:
 * the way to reach a field error that only the server gives, since the browser checks the
 * same schema first.
 */
export async function changeNextRequest(
  page: Page,
  path: string,
  change: (body: Record<string, unknown>) => Record<string, unknown>,
) {
  await page.route(
    `**${path}`,
    (route) => route.continue({ postData: JSON.stringify(change(route.request().postDataJSON())) }),
    { times: 1 },
  );
}

/** Waits until the island holding the form `formId` has hydrated (Astro drops `ssr` then). */
export async function formReady(page: Page, formId: string) {
  await expect(
    page.locator('astro-island').filter({ has: page.locator(`form#${formId}`) }),
  ).not.toHaveAttribute('ssr');
}
