import { expect, test } from '@playwright/test';
import { signIn } from '../support/portal';

test.describe('full navigations from signed-in portal pages', () => {
  test('a session check that gets no answer shows the error page and leaves the tab responsive', async ({
    page,
  }) => {
    await signIn(page, 'manager@acme.example');
    // What a navigation away does to the leaving page's session check, made certain.
    await page.route(
      (url) => url.pathname === '/api/auth',
      (route) => route.abort(),
    );
    await page.goto('/user/servers');
    await expect(page.getByRole('heading', { name: 'Error occurred while generating page' })).toBeVisible();
    await page.unroute((url) => url.pathname === '/api/auth');
    await page.goto('/pricing', { timeout: 10_000 });
    await expect(page).toHaveURL(/\/pricing$/);
  });

  test('fifty navigations between portal and site pages each load within 10 s', async ({ page }) => {
    test.setTimeout(600_000);
    await signIn(page, 'manager@acme.example');
    const pages = ['/user/servers', '/customer/invoices', '/pricing', '/user/servers', '/'];
    for (let step = 0; step < 50; step += 1) {
      const path = pages[step % pages.length] as string;
      const response = await page.goto(path, { timeout: 10_000 });
      expect(response?.ok(), `${path} (navigation ${step + 1})`).toBe(true);
    }
  });
});
