import { expect, test } from '@playwright/test';
import { PUBLIC_PAGES } from '../support/site';

/** The narrowest phone the site is laid out for, and a common laptop. */
const WIDTHS = [360, 1280];

test.describe.configure({ timeout: 5 * 60_000 });

for (const width of WIDTHS) {
  test(`every public page fits ${width} px without scrolling sideways, in English and Danish`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    for (const path of PUBLIC_PAGES.flatMap((path) => [path, path === '/' ? '/da' : `/da${path}`])) {
      await page.goto(path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} at ${width} px is wider than the window by`).toBeLessThanOrEqual(0);
      // The header's links and buttons stay on screen (the menu collapses on phones).
      for (const box of await page
        .locator('header a:visible, header button:visible')
        .evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().right))) {
        expect(box, `a header control on ${path} at ${width} px ends past the window`).toBeLessThanOrEqual(
          width,
        );
      }
    }
  });
}
