import { defineConfig } from '@playwright/test';
import { CHROMIUM_LAUNCH } from '@tidewatch/tools/chromium';
import { urlVariable } from './support/e2e-server';

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  globalSetup: './support/global-setup.ts',
  timeout: 60_000,
  // Two workers, their servers and browsers share two cores: a page that renders in 1 s alone can take 6 s then.
  expect: { timeout: 10_000 },
  // Each worker has its own server (support/e2e-server.ts); two fill this machine's two cores.
  workers: 2,
  // Tests that change data own their customer, so any test runs on either worker in any order (decision 0091).
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list']],
  use: {
    // Set by the global setup, which runs before the workers read this file with their own index.
    baseURL: process.env[urlVariable(process.env.TEST_PARALLEL_INDEX ?? 0)],
    // Recording a trace costs every test about a fifth of its time; CI keeps none of them.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    launchOptions: CHROMIUM_LAUNCH,
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
});
