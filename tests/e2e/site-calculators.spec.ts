import { expect, type Locator, type Page, test } from '@playwright/test';

/** Scrolls an island into view (they hydrate when visible) and waits until React has taken over. */
async function hydrated(page: Page, inside: Locator) {
  await inside.scrollIntoViewIfNeeded();
  await expect(page.locator('astro-island', { has: inside })).not.toHaveAttribute('ssr');
}

test.describe('why-us cost calculator', () => {
  test('results change on Apply Changes only, and Cancel restores the last applied values', async ({
    page,
  }) => {
    await page.goto('/why-tidewatch');
    const juniors = page.getByRole('spinbutton', { name: 'Number of junior SREs' });
    const seniors = page.getByRole('spinbutton', { name: 'Number of mid-senior engineers' });
    const summary = page.getByTestId('cost-summary');
    const stats = page.getByRole('region', { name: 'Average cost statistics' });
    await hydrated(page, juniors);

    // Defaults: 2 juniors at €60,000 and 2 mid-seniors at €90,000; 20% leave a year at 150-200% of a salary.
    await expect(summary).toContainText('€390,000');
    await expect(summary).toContainText('€420,000');
    await expect(summary).toContainText('for 4 engineers');
    await expect(stats).toContainText('€97,500');

    await juniors.fill('3');
    await expect(summary).toContainText('for 4 engineers');
    await page.getByRole('button', { name: 'Apply Changes' }).click();
    await expect(summary).toContainText('€468,000');
    await expect(summary).toContainText('€504,000');
    await expect(summary).toContainText('for 5 engineers');
    await expect(stats).toContainText('€93,600');

    await seniors.fill('7');
    await page.getByRole('spinbutton', { name: 'Mid-senior salary per year' }).fill('120000');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(seniors).toHaveValue('2');
    await expect(page.getByRole('spinbutton', { name: 'Mid-senior salary per year' })).toHaveValue('90000');
    await expect(juniors).toHaveValue('3');
    await expect(summary).toContainText('€468,000');
  });

  test('a value that is not a whole number is refused and nothing changes', async ({ page }) => {
    await page.goto('/why-tidewatch');
    const juniors = page.getByRole('spinbutton', { name: 'Number of junior SREs' });
    await hydrated(page, juniors);
    await juniors.fill('-1');
    await page.getByRole('button', { name: 'Apply Changes' }).click();
    await expect(juniors).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Enter a whole number from 0 to 1,000.')).toBeVisible();
    await expect(page.getByTestId('cost-summary')).toContainText('€390,000');
  });

  test('works in Danish with Danish number formats', async ({ page }) => {
    await page.goto('/da/why-tidewatch');
    const juniors = page.getByRole('spinbutton', { name: "Antal junior-SRE'er" });
    await hydrated(page, juniors);
    await juniors.fill('0');
    await page.getByRole('button', { name: 'Anvend ændringer' }).click();
    await expect(page.getByTestId('cost-summary')).toContainText('for 2 teknikere');
    await expect(page.getByTestId('cost-summary')).toContainText('234.000');
  });
});

test.describe('pricing page', () => {
  test('the unit-count discount calculator discounts only the units within each step', async ({ page }) => {
    await page.goto('/pricing');
    const units = page.getByRole('spinbutton', { name: 'Servers or nodes' });
    const plan = page.getByRole('combobox', { name: 'Plan' });
    const summary = page.getByTestId('discount-summary');
    await hydrated(page, units);

    // Basic is left out of the calculator, and the page says why and how the steps work.
    await expect(plan.getByRole('option')).toHaveText(['Bronze', 'Silver', 'Gold', 'Platinum']);
    await expect(page.getByText('Basic is not discounted')).toBeVisible();
    await expect(page.getByText('Discounts are graduated')).toBeVisible();

    await plan.selectOption('Gold');
    await units.fill('9');
    await expect(summary).toContainText('€1,161');
    await expect(summary).toContainText('at list price');
    await units.fill('10');
    // Nine at €129, the tenth at 5% off.
    await expect(summary).toContainText('€1,283.55');
    await expect(summary).toContainText('you save €6.45 a month');
    await expect(page.getByText('Unit 10, 5% off')).toBeVisible();

    // The old cliff: 25 Bronze units now cost more than 24.
    await plan.selectOption('Bronze');
    await units.fill('24');
    await expect(summary).toContainText('€1,139.25');
    await units.fill('25');
    await expect(summary).toContainText('€1,183.35');
    await expect(page.getByText('Units 10–24, 5% off')).toBeVisible();
    await units.fill('100');
    await expect(summary).toContainText('€4,363.45');
    await expect(summary).toContainText('you save €536.55 a month');
  });

  test('consultation-rate tabs follow the tabs pattern with arrow keys, Home and End', async ({ page }) => {
    await page.goto('/pricing');
    const tablist = page.getByRole('tablist', { name: 'Consultation rates by type' });
    const remote = tablist.getByRole('tab', { name: 'Remote' });
    const onsite = tablist.getByRole('tab', { name: 'Onsite' });
    const nonSubscriber = tablist.getByRole('tab', { name: 'Non-subscriber' });
    await hydrated(page, tablist);

    await expect(remote).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel')).toContainText('€59');
    await remote.focus();
    await page.keyboard.press('ArrowRight');
    await expect(onsite).toBeFocused();
    await expect(onsite).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel')).toContainText('€71');
    await page.keyboard.press('ArrowRight');
    await expect(nonSubscriber).toBeFocused();
    await expect(page.getByRole('tabpanel')).toContainText('€74');
    await page.keyboard.press('ArrowRight');
    await expect(remote).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await expect(nonSubscriber).toBeFocused();
    await page.keyboard.press('Home');
    await expect(remote).toBeFocused();
    await page.keyboard.press('End');
    await expect(nonSubscriber).toHaveAttribute('aria-selected', 'true');
    // One tab stop for the list: Tab goes on into the shown panel.
    await expect(remote).toHaveAttribute('tabindex', '-1');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('tabpanel', { name: 'Non-subscriber' })).toBeFocused();
  });
});

test.describe('reseller page and downloads', () => {
  test('Apply leads to the apply section; Download Datasheet to the PDF in the page language', async ({
    page,
  }) => {
    await page.goto('/reseller');
    const hero = page.locator('section', { has: page.getByRole('heading', { level: 1 }) });
    await expect(hero.getByRole('link', { name: 'Apply', exact: true })).toHaveAttribute('href', '#apply');
    await expect(hero.getByRole('link', { name: 'Download Datasheet' })).toHaveAttribute(
      'href',
      '/downloads/reseller-datasheet.pdf',
    );
    await hero.getByRole('link', { name: 'Apply', exact: true }).click();
    await expect(page).toHaveURL(/#apply$/);
    await expect(page.locator('#apply').getByRole('heading', { level: 2 })).toHaveText(
      'Apply to become a reseller',
    );

    const earnings = page.getByRole('table', { name: /Earnings per new customer/ });
    await expect(earnings.getByRole('columnheader')).toHaveText([
      'New customer plan',
      'Signup bonus',
      '12-month revenue',
      'Amount you earn',
    ]);
    await expect(earnings.getByRole('row', { name: /Platinum/ })).toContainText('€5,752.12');

    await page.goto('/da/reseller');
    await expect(page.getByRole('link', { name: 'Download datablad' }).first()).toHaveAttribute(
      'href',
      '/da/downloads/reseller-datasheet.pdf',
    );
  });

  for (const path of [
    '/downloads/reseller-datasheet.pdf',
    '/da/downloads/reseller-datasheet.pdf',
    '/downloads/solutions-brief.pdf',
    '/da/downloads/solutions-brief.pdf',
  ]) {
    test(`${path} is served as a PDF`, async ({ request }) => {
      const response = await request.get(path);
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toMatch(/^application\/pdf/);
      const body = await response.body();
      expect(body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const text = body.toString('latin1');
      expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
      // The trailer's startxref points at the cross-reference table or stream.
      const offset = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(text)?.[1]);
      expect(text.slice(offset, offset + 20)).toMatch(/^(xref|\d+ \d+ obj)/);
    });
  }
});

test('the pages fill every placeholder in their copy', async ({ page }) => {
  for (const path of ['/why-tidewatch', '/pricing', '/reseller']) {
    for (const prefix of ['', '/da']) {
      await page.goto(`${prefix}${path}`);
      // biome-ignore lint/performance/useDomNodeTextContent: the text a reader sees, without the islands' inline scripts
      expect(await page.locator('main').innerText(), `${prefix}${path}`).not.toMatch(/\{\w+\}/);
    }
  }
});
