import { expect, type Locator, type Page, test } from '@playwright/test';
import { violations } from '../support/axe';

const NUDGE_DELAY_MS = 5000;
const DISMISSED_KEY = 'tidewatch-chat-nudge-dismissed';

const TEXT = {
  en: { nudge: 'Questions? We are here to chat.', dismiss: 'Hide this message', bubble: /^Chat with us/ },
  da: {
    nudge: 'Spørgsmål? Vi er klar til at chatte.',
    dismiss: 'Skjul denne besked',
    bubble: /^Chat med os/,
  },
} as const;

/** The bubble's corner is a landmark of its own, named Chat in both languages. */
const corner = (page: Page) => page.getByRole('complementary', { name: 'Chat' });

/** Waits out the nudge's delay; the nudge element is shown from then on (though maybe invisible over a form). */
async function nudgeShown(page: Page) {
  await expect(page.locator('[data-chat-nudge]')).not.toHaveAttribute('hidden', '', {
    timeout: NUDGE_DELAY_MS + 5000,
  });
}

test('the nudge closes with the mouse, stays closed on the next page of the visit, and sits in a landmark', async ({
  page,
}) => {
  await page.goto('/pricing');
  const nudge = corner(page).getByRole('button', { name: TEXT.en.nudge });
  await expect(nudge).toBeVisible({ timeout: NUDGE_DELAY_MS + 5000 });
  // Nothing on the page sits outside a landmark, the nudge included; nothing is stored yet.
  expect(await violations(page, ['region'])).toEqual([]);
  expect(await page.evaluate(() => sessionStorage.length)).toBe(0);

  await corner(page).getByRole('button', { name: TEXT.en.dismiss }).click();
  await expect(nudge).toBeHidden();
  // Closing it is the visitor's own act: the only thing kept, and only for this visit (tab).
  expect(await page.evaluate(() => ({ ...sessionStorage }))).toEqual({ [DISMISSED_KEY]: '1' });
  expect(await page.evaluate(() => localStorage.length)).toBe(0);
  expect(await page.context().cookies()).toEqual([]);

  await page.goto('/services');
  await expect(page.getByRole('button', { name: TEXT.en.bubble })).toBeVisible();
  await page.waitForTimeout(NUDGE_DELAY_MS + 1000);
  await expect(page.locator('[data-chat-nudge]')).toBeHidden();
  // The bubble still opens the chat.
  await page.getByRole('button', { name: TEXT.en.bubble }).click();
  await expect(page.getByRole('dialog', { name: 'Chat with Tidewatch' })).toBeVisible();
});

test('the nudge closes from the keyboard, in Danish, and focus goes on to the bubble', async ({ page }) => {
  await page.goto('/da/pricing');
  const nudge = corner(page).getByRole('button', { name: TEXT.da.nudge });
  await expect(nudge).toBeVisible({ timeout: NUDGE_DELAY_MS + 5000 });
  expect(await violations(page, ['region'])).toEqual([]);
  const bubble = page.getByRole('button', { name: TEXT.da.bubble });
  // The close button comes just before the bubble in the tab order.
  await bubble.focus();
  await page.keyboard.press('Shift+Tab');
  await expect(corner(page).getByRole('button', { name: TEXT.da.dismiss })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(nudge).toBeHidden();
  await expect(bubble).toBeFocused();

  await page.goto('/da/services');
  await page.waitForTimeout(NUDGE_DELAY_MS + 1000);
  await expect(page.locator('[data-chat-nudge]')).toBeHidden();
});

test('Escape on the nudge closes it too', async ({ page }) => {
  await page.goto('/');
  const nudge = corner(page).getByRole('button', { name: TEXT.en.nudge });
  await expect(nudge).toBeVisible({ timeout: NUDGE_DELAY_MS + 5000 });
  await nudge.focus();
  await page.keyboard.press('Escape');
  await expect(nudge).toBeHidden();
  await expect(page.getByRole('button', { name: TEXT.en.bubble })).toBeFocused();
});

/** Each page with a lead form, and its form's id. */
const FORM_PAGES = [
  { path: '/sign-up', form: 'sign-up-account' },
  { path: '/about-us', form: 'contact' },
  { path: '/reseller', form: 'reseller-apply' },
  { path: '/about-us/solutions-brief', form: 'solutions-brief' },
];

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Whether the nudge can be seen over the button where it is now. */
async function nudgeOver(nudge: Locator, button: Locator) {
  const [nudgeBox, buttonBox, seen] = await Promise.all([
    nudge.boundingBox(),
    button.boundingBox(),
    nudge.evaluate((element) => getComputedStyle(element).visibility === 'visible'),
  ]);
  return Boolean(seen && nudgeBox && buttonBox && overlaps(nudgeBox, buttonBox));
}

for (const locale of ['en', 'da'] as const) {
  for (const { path, form } of FORM_PAGES) {
    const address = locale === 'da' ? `/da${path}` : path;
    test(`at 390 px the nudge never covers the submit button on ${address}`, async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 800 });
      await page.goto(address);
      await nudgeShown(page);
      const nudge = page.locator('[data-chat-nudge]');
      const button = page.locator(`form#${form} button[type="submit"]`);
      const band = await nudge.boundingBox();
      if (!band) throw new Error('The nudge has no box');
      // The button moved through the nudge's height, from just above it to just below.
      let hiddenOnce = false;
      for (let y = band.y - 60; y <= band.y + band.height + 20; y += 12) {
        await button.evaluate((element, top) => {
          window.scrollBy(0, element.getBoundingClientRect().top - top);
        }, y);
        await expect.poll(() => nudgeOver(nudge, button), { timeout: 1000 }).toBe(false);
        if (!(await nudge.isVisible())) hiddenOnce = true;
      }
      // The page scrolled the button under the nudge's place at least once, and the nudge stepped aside.
      expect(hiddenOnce).toBe(true);
      // Once the form has gone by, the nudge is back.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect(corner(page).getByRole('button', { name: TEXT[locale].nudge })).toBeVisible();
      await page.screenshot({ path: `/tmp/sitefix-shots/nudge-${locale}${path.replaceAll('/', '-')}.png` });
    });
  }
}
