import { defineConfig } from '@playwright/test';

/** Debian's Chromium: browsers cannot be downloaded on these machines. */
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  globalSetup: './support/global-setup.ts',
  timeout: 60_000,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list']],
  use: {
    // Set by the global setup, which runs before the workers read this file.
    baseURL: process.env.TIDEWATCH_E2E_URL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
});
