import { test as base } from '@playwright/test';
import { type RunningServer, startServer } from './server';

/**
 * For tests that count over every customer (every user, the whole fleet): a demo server of the
 * worker's own that no test writes to, since the customers other tests make of their own count too.
 */
export const test = base.extend<Record<never, never>, { untouchedDemo: RunningServer }>({
  untouchedDemo: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      const server = await startServer();
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ untouchedDemo }, use) => use(untouchedDemo.url),
});

export { expect } from '@playwright/test';
