/**
 * Photographs the portal for the site: the built server on a fresh database with the demo data, a
 * demo manager signed in, each view in English and Danish, light and dark, written as WebP
 * (`<view>.<locale>.<theme>.webp`). `pnpm screenshots` builds the server and the portal if they are
 * not current and runs it; the release build (`pnpm build:release`) runs it before the site, so the
 * site it ships shows the product as it is. Its pictures go to site/src/assets/portal/built/, which
 * git ignores, so it leaves the tree as it was; other builds use them when they are there, else the
 * committed copies in site/src/assets/portal/, which `pnpm screenshots --commit` refreshes
 * (decisions 0057 and 0087). Without Chromium the site keeps the pictures it has, unless
 * SCREENSHOTS_REQUIRED is set (the container image's build), where that fails.
 */
import fs from 'node:fs';
import path from 'node:path';
import { type Browser, chromium, type Page } from '@playwright/test';
import sharp from 'sharp';
import { REPO_ROOT, type RunningServer, startServer } from '../support/built-server';
import { CHROMIUM_LAUNCH } from '../support/chromium';
import { signIn, xsrfToken } from '../support/sign-in';

/** The file names the site's pages ask for (site/src/portal-shots.ts), and how tall each view is shown. */
const VIEWS = {
  servers: { address: '/user/servers', height: 900 },
  server: { address: '/user/servers/db-01.acmecorp', height: 900 },
  // The demo's three clusters leave the rest of the page empty.
  clusters: { address: '/user/clusters', height: 640 },
} as const;
const LOCALES = ['en', 'da'] as const;
const THEMES = ['light', 'dark'] as const;
const WIDTH = 1440;
const DEVICE_SCALE = 1.5;

const COMMITTED_DIR = path.join(REPO_ROOT, 'site/src/assets/portal');
const OUT_DIR = process.argv.includes('--commit') ? COMMITTED_DIR : path.join(COMMITTED_DIR, 'built');
const NEEDS = [
  CHROMIUM_LAUNCH.executablePath,
  path.join(REPO_ROOT, 'server/dist/server.js'),
  path.join(REPO_ROOT, 'portal/dist/index.html'),
];

async function capture(browser: Browser, baseURL: string) {
  const shots: { file: string; png: Buffer }[] = [];
  for (const theme of THEMES) {
    const context = await browser.newContext({
      baseURL,
      viewport: { width: WIDTH, height: VIEWS.servers.height },
      deviceScaleFactor: DEVICE_SCALE,
      colorScheme: theme,
      reducedMotion: 'reduce',
    });
    const page = await context.newPage();
    await page.goto('/login');
    const signedIn = await signIn(page, 'manager@acme.example');
    if (!signedIn.ok()) throw new Error(`The demo manager could not sign in: ${signedIn.status()}`);
    for (const locale of LOCALES) {
      await setLanguage(page, locale);
      for (const [view, { address, height }] of Object.entries(VIEWS)) {
        await page.setViewportSize({ width: WIDTH, height });
        shots.push({ file: `${view}.${locale}.${theme}.webp`, png: await photograph(page, address) });
      }
    }
    await context.close();
  }
  return shots;
}

async function setLanguage(page: Page, language: (typeof LOCALES)[number]) {
  const response = await page.context().request.patch('/api/user/me', {
    data: { language },
    headers: { 'x-xsrf-token': await xsrfToken(page) },
  });
  if (!response.ok()) throw new Error(`The language could not be set to ${language}: ${response.status()}`);
}

/** Waits for the view's data (no skeletons, no pending requests) and for its fonts before the picture. */
async function photograph(page: Page, address: string) {
  await page.goto(address, { waitUntil: 'networkidle' });
  await page.locator('main h1').waitFor();
  await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });
  await page.evaluate(() => document.fonts.ready);
  return page.screenshot({ animations: 'disabled', caret: 'hide' });
}

async function main() {
  const missing = NEEDS.find((file) => !fs.existsSync(file));
  if (missing && process.env.SCREENSHOTS_REQUIRED) {
    throw new Error(`Portal screenshots: ${missing} is missing, and SCREENSHOTS_REQUIRED asks for new ones.`);
  }
  if (missing) {
    console.warn(`Portal screenshots: ${missing} is missing, so the site keeps the committed ones.`);
    return;
  }
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  try {
    server = await startServer();
    browser = await chromium.launch(CHROMIUM_LAUNCH);
    const shots = await capture(browser, server.url);
    // Written only once every view is taken, so a failed run never leaves a mixed set.
    fs.mkdirSync(OUT_DIR, { recursive: true });
    for (const shot of shots) {
      await sharp(shot.png).webp({ quality: 88, effort: 6 }).toFile(path.join(OUT_DIR, shot.file));
    }
    process.stdout.write(
      `Portal screenshots: ${shots.length} written to ${path.relative(REPO_ROOT, OUT_DIR)}\n`,
    );
  } finally {
    await browser?.close();
    await server?.stop();
    if (server) fs.rmSync(path.dirname(server.dataDir), { recursive: true, force: true });
  }
}

await main();
