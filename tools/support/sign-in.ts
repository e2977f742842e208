import type { Page } from '@playwright/test';

export const DEMO_PASSWORD = 'tidewatch-demo';

/** Signs in through the API in the page's browser context, as the sign-in page would. */
export async function signIn(page: Page, email: string, options: { code?: string; password?: string } = {}) {
  const request = page.context().request;
  await request.get('/api/auth');
  const response = await request.post('/api/auth', {
    data: { email, password: options.password ?? DEMO_PASSWORD, ...(options.code && { code: options.code }) },
    headers: { 'x-xsrf-token': await xsrfToken(page) },
  });
  return response;
}

export async function xsrfToken(page: Page): Promise<string> {
  const cookies = await page.context().cookies();
  return decodeURIComponent(cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '');
}
