import { expect, test } from '@playwright/test';
import { inDanish, PUBLIC_PAGES } from '../support/site';

/** The narrowest phone the site is laid out for, the narrowest window with the full nav, and a laptop. */
const WIDTHS = [360, 1200, 1280];

test.describe.configure({ timeout: 5 * 60_000 });

for (const language of ['English', 'Danish'] as const) {
  test(`every public page fits ${WIDTHS.join(', ')} px without scrolling sideways, in ${language}`, async ({
    page,
  }) => {
    const paths = language === 'English' ? PUBLIC_PAGES : PUBLIC_PAGES.map(inDanish);
    for (const path of paths) {
      // Loaded once and then laid out at each width, as a window resized is.
      await page.setViewportSize({ width: WIDTHS[0] ?? 360, height: 800 });
      await page.goto(path);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 800 });
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${path} at ${width} px is wider than the window by`).toBeLessThanOrEqual(0);
        // The header's links and buttons stay inside the header's row, each on one line.
        const header = await page
          .getByRole('banner')
          .locator(':scope > div')
          .evaluate((row) => {
            const box = row.getBoundingClientRect();
            const contentRight = box.right - Number.parseFloat(getComputedStyle(row).paddingRight);
            const controls = [...row.querySelectorAll('a, button')]
              .map((control) => control.getBoundingClientRect())
              .filter((rect) => rect.width > 0);
            return {
              contentRight,
              rightmost: Math.max(...controls.map((rect) => rect.right)),
              tallest: Math.max(...controls.map((rect) => rect.height)),
            };
          });
        expect(header.rightmost, `the header on ${path} at ${width} px overflows`).toBeLessThanOrEqual(
          header.contentRight + 0.5,
        );
        expect(
          header.tallest,
          `a header control on ${path} at ${width} px wraps its label`,
        ).toBeLessThanOrEqual(44);
      }
    }
  });
}

test.describe('the mobile menu at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const [path, openName, closeName, closeText, linkName] of [
    ['/', 'Open menu', 'Close menu', 'Close', 'Pricing'],
    ['/da', 'Åbn menu', 'Luk menu', 'Luk', 'Priser'],
  ] as const) {
    test(`${path}: the button says what it does, and Escape closes the menu and returns focus`, async ({
      page,
    }) => {
      await page.goto(path);
      const toggle = page.getByRole('button', { name: openName });
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await toggle.click();
      const close = page.getByRole('button', { name: closeName });
      await expect(close).toHaveAttribute('aria-expanded', 'true');
      await expect(close).toHaveText(closeText);
      const nav = page.locator('#site-nav');
      await expect(nav.getByRole('link', { name: linkName, exact: true })).toBeVisible();
      await nav.getByRole('link', { name: linkName, exact: true }).focus();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('button', { name: openName })).toBeFocused();
      await expect(page.getByRole('button', { name: openName })).toHaveAttribute('aria-expanded', 'false');
      await expect(page.getByRole('button', { name: openName })).toHaveText('Menu');
      await expect(nav.getByRole('link', { name: linkName, exact: true })).toBeHidden();
    });
  }
});
