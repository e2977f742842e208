import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

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
