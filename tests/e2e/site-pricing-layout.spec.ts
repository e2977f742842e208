import { expect, test } from '@playwright/test';

for (const [path, caption, gold, twoHours, included, notIncluded] of [
  ['/pricing', 'What each plan includes', 'Gold', '2 hours', 'Included', 'Not included'],
  ['/da/pricing', 'Hvad hver plan indeholder', 'Gold', '2 timer', 'Inkluderet', 'Ikke inkluderet'],
] as const) {
  test(`${path} compares the plans in a table that fits a 390 px phone`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto(path);
    const table = page.getByRole('table', { name: caption });
    await expect(table.getByRole('columnheader')).toHaveText([
      'Basic',
      'Bronze',
      'Silver',
      'Gold',
      'Platinum',
    ]);
    // Each value names its feature and its plan, read out with it.
    const goldResponse = table.locator(`td[headers~="compare-gold"]`).nth(1);
    await expect(goldResponse).toHaveText(twoHours);
    expect(await goldResponse.getAttribute('headers')).toMatch(/compare-row-\d+ compare-gold/);
    await expect(table.getByText(included, { exact: true }).first()).toBeAttached();
    await expect(table.getByText(notIncluded, { exact: true }).first()).toBeAttached();
    await expect(table.getByRole('columnheader', { name: gold })).toBeVisible();
    const tableBox = await table.boundingBox();
    expect((tableBox?.x ?? 0) + (tableBox?.width ?? 0)).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
  });
}

test('at 1024 px the five plans sit three above two, none alone on a row', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 800 });
  await page.goto('/pricing');
  const tops = await page
    .locator('#plans li[aria-labelledby]')
    .evaluateAll((cards) => cards.map((card) => Math.round(card.getBoundingClientRect().top)));
  const perRow = [...new Set(tops)].map((top) => tops.filter((other) => other === top).length);
  expect(perRow).toEqual([3, 2]);
});

test('a short page keeps its footer at the foot of the window', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 1600 });
  for (const path of ['/login', '/da/forgot-password', '/unsubscribe']) {
    await page.goto(path);
    const footerBottom = await page
      .getByRole('contentinfo')
      .evaluate((footer) => footer.getBoundingClientRect().bottom);
    expect(footerBottom, path).toBeGreaterThanOrEqual(1600 - 0.5);
  }
});

test('the reseller earnings table, scrolling sideways on a phone, shows there is more', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/reseller');
  const scroller = page.getByRole('region', { name: 'Earnings per new customer with 10 servers or nodes' });
  const sizes = await scroller.evaluate((element) => ({
    scrollable: element.scrollWidth > element.clientWidth,
    background: getComputedStyle(element).backgroundImage,
  }));
  expect(sizes.scrollable).toBe(true);
  // The shadow at the edge that has more columns.
  expect(sizes.background).toContain('radial-gradient');
});
