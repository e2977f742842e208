import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** The rules whose outcome can change with the colour scheme: nothing else does. */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * The WCAG 2.2 AA violations axe finds on the page as it is now, by rule and element; with
 * `rules`, only those rules' findings.
 */
export async function violations(page: Page, rules?: string[]) {
  const builder = new AxeBuilder({ page });
  const results = await (rules ? builder.withRules(rules) : builder.withTags(WCAG_AA)).analyze();
  return results.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    nodes: violation.nodes.map((node) => node.target.join(' ')),
  }));
}

/**
 * Every rule on the page once it has loaded, in the light scheme, then the colour rules again in the
 * dark one: only colours differ between them (both are the same CSS, switched by the media query).
 */
export async function inBothSchemes(page: Page) {
  await expect(page.locator('[aria-busy="true"], [data-state="loading"]')).toHaveCount(0);
  const light = await violations(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  // Controls ease their colours in: measured mid-way, a button is neither scheme's colour.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation instanceof CSSTransition)
        .map((transition) => transition.finished.catch(() => undefined)),
    ),
  );
  const dark = await violations(page, COLOUR_RULES);
  await page.emulateMedia({ colorScheme: 'light' });
  return { light, dark };
}

/** How far the page reaches past the screen's right edge (0 when nothing scrolls sideways). */
export const sidewaysOverflow = (page: Page) =>
  page.evaluate(
    () => (document.scrollingElement ?? document.documentElement).scrollWidth - window.innerWidth,
  );
