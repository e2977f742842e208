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

for (const path of ['/pricing', '/da/pricing']) {
  test(`${path} at 390 px breaks the plan comparison's words only where a hyphen goes`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto(path);
    // Each word laid over two lines, with its text before the break (a soft hyphen is drawn as "-" there).
    const breaks = await page.locator('td[headers^="compare-row"]').evaluateAll((cells) =>
      cells.flatMap((cell) => {
        const found: { word: string; before: string }[] = [];
        const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = node.textContent ?? '';
          const range = document.createRange();
          const top = (offset: number) => {
            range.setStart(node, offset);
            range.setEnd(node, offset + 1);
            // The letter's own box is the last: a range just after a break also holds a box at the line's end.
            return [...range.getClientRects()].at(-1)?.top ?? 0;
          };
          for (const match of text.matchAll(/\S+/g)) {
            const start = match.index ?? 0;
            for (let offset = start + 1; offset < start + match[0].length; offset++) {
              // A soft hyphen that does not break has an empty box: only letters tell the line.
              if (text[offset] === '\u00ad') continue;
              if (top(offset) > top(start) + 1) {
                found.push({ word: match[0], before: text.slice(start, offset) });
                break;
              }
            }
          }
        }
        return found;
      }),
    );
    for (const { word, before } of breaks)
      expect(before, `"${word}" broken after "${before}"`).toMatch(/[\u00ad-]$/);
    if (path.startsWith('/da')) {
      // Danish response times are the long words that broke mid-word; they break at a hyphen now.
      expect(breaks.map(({ word }) => word.replaceAll('\u00ad', ''))).toEqual(
        expect.arrayContaining(['arbejdsdag', 'arbejdstimer']),
      );
      await expect(page.locator('html')).toHaveAttribute('lang', 'da');
    }
  });
}

for (const [path, caption, apply] of [
  ['/reseller', 'Earnings per new customer with 10 servers or nodes', 'Apply'],
  ['/da/reseller', 'Indtjening pr. ny kunde med 10 servere eller noder', 'Ansøg'],
] as const) {
  test(`${path} at 390 px shows every column of the earnings table, and Apply leaves the form's heading in sight`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto(path);
    const scroller = page.getByRole('region', { name: caption });
    expect(
      await scroller.evaluate((element) => element.scrollWidth - element.clientWidth),
    ).toBeLessThanOrEqual(0);
    for (const header of await scroller.getByRole('columnheader').all()) {
      const box = await header.boundingBox();
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
    }
    const amounts = scroller.locator('tbody tr').first().locator('td');
    await expect(amounts).toHaveCount(3);
    await scroller.scrollIntoViewIfNeeded();
    for (const amount of await amounts.all()) await expect(amount).toBeInViewport({ ratio: 1 });

    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('main').getByRole('link', { name: apply, exact: true }).first().click();
    const heading = page.locator('#apply-heading');
    const headerBottom = await page
      .getByRole('banner')
      .evaluate((header) => header.getBoundingClientRect().bottom);
    await expect
      .poll(() => heading.evaluate((element) => element.getBoundingClientRect().top))
      .toBeGreaterThanOrEqual(headerBottom);
    await expect(heading).toBeInViewport({ ratio: 1 });
    await page.screenshot({ path: `/tmp/sitefix-shots/reseller-apply${path.replaceAll('/', '-')}.png` });
  });
}
