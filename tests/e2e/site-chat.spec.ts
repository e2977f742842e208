import { type Browser, expect, type Page, test } from '@playwright/test';
import { violations } from '../support/axe';
import { signIn, xsrfToken } from '../support/portal';

const ADMIN = 'admin@tidewatch.example';
const NUDGE_DELAY_MS = 5000;

// The socket takes only the server's PUBLIC_URL origin; unset in the e2e server, that is localhost on its port.
test.use({ baseURL: async ({ baseURL }, use) => use(baseURL?.replace('127.0.0.1', 'localhost')) });

const bubble = (page: Page) => page.getByRole('button', { name: /^Chat with us/ });
const panel = (page: Page) => page.getByRole('dialog', { name: 'Chat with Tidewatch' });

/** What the page has stored in the browser: cookies, web storage and IndexedDB databases. */
async function stored(page: Page) {
  return {
    cookies: (await page.context().cookies()).map((cookie) => cookie.name),
    ...(await page.evaluate(async () => ({
      local: localStorage.length,
      session: sessionStorage.length,
      databases: (await indexedDB.databases()).map((database) => database.name),
    }))),
  };
}

/** Staff in their own browser: signed in, answering through the inbox's calls. */
async function staffDesk(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signIn(page, ADMIN);
  const headers = { 'x-xsrf-token': await xsrfToken(page) };
  return {
    async conversationOf(visitorName: string) {
      const answer = await context.request.get(`/api/chat/inbox?q=${encodeURIComponent(visitorName)}`);
      const { data } = (await answer.json()) as { data: { id: string; visitor_name: string }[] };
      return data.find((item) => item.visitor_name === visitorName);
    },
    async conversation(id: string) {
      const answer = await context.request.get(`/api/chat/inbox/${id}`);
      return (await answer.json()) as { messages: { by: string; msg: string }[]; location: unknown };
    },
    async reply(id: string, msg: string) {
      const answer = await context.request.post(`/api/chat/inbox/${id}/messages`, { headers, data: { msg } });
      expect(answer.status()).toBe(200);
    },
    close: () => context.close(),
  };
}

async function startChat(page: Page, name: string) {
  await bubble(page).click();
  await panel(page).getByRole('textbox', { name: 'Name' }).fill(name);
  await panel(page).getByRole('textbox', { name: 'Email' }).fill('ada@engines.example');
  await panel(page).getByRole('button', { name: 'Start chat' }).click();
  await expect(panel(page).getByRole('textbox', { name: 'Message' })).toBeFocused();
}

test('the nudge comes after 5 s without the chat code; until the chat is opened nothing is stored and no chat code is loaded', async ({
  page,
}) => {
  const widgetRequests: string[] = [];
  page.on('request', (request) => {
    if (/chat-widget/.test(request.url())) widgetRequests.push(request.url());
  });
  // Taken before the page is asked for: its timer starts while it loads, before goto returns.
  const requested = Date.now();
  await page.goto('/pricing');
  await expect(bubble(page)).toBeVisible();
  const nudge = page.getByText('Questions? We are here to chat.');
  await expect(nudge).toBeHidden();
  expect(widgetRequests).toEqual([]);

  await expect(nudge).toBeVisible({ timeout: NUDGE_DELAY_MS + 5000 });
  expect(Date.now() - requested).toBeGreaterThanOrEqual(NUDGE_DELAY_MS);
  // The nudge is the bubble's own few lines: the widget and React load only when the chat opens.
  expect(widgetRequests).toEqual([]);
  expect(await stored(page)).toEqual({ cookies: [], local: 0, session: 0, databases: [] });
  expect(await violations(page)).toEqual([]);

  // The nudge opens the chat too.
  await nudge.click();
  await expect(panel(page)).toBeVisible();
  await expect(nudge).toBeHidden();
  expect(widgetRequests).toHaveLength(1);
});

test('the details step asks for a name and a valid email; Escape closes and focus goes back to the bubble', async ({
  page,
}) => {
  await page.goto('/');
  await bubble(page).focus();
  await page.keyboard.press('Enter');
  const dialog = panel(page);
  await expect(dialog).toBeVisible();
  const name = dialog.getByRole('textbox', { name: 'Name' });
  await expect(name).toBeFocused();
  await expect(dialog.getByRole('textbox', { name: 'Email' })).toHaveAttribute('type', 'email');

  await dialog.getByRole('button', { name: 'Start chat' }).click();
  await expect(dialog.getByText('Enter your name')).toBeVisible();
  await expect(dialog.getByText('Enter your email address')).toBeVisible();
  await name.fill('Ada Lovelace');
  await dialog.getByRole('textbox', { name: 'Email' }).fill('not-an-email');
  await dialog.getByRole('button', { name: 'Start chat' }).click();
  await expect(dialog.getByText('Enter a valid email address')).toBeVisible();
  expect(await violations(page)).toEqual([]);

  // Focus stays in the open panel: Tab goes round its own controls.
  for (let step = 0; step < 8; step++) {
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('dialog')))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(bubble(page)).toBeFocused();
  await expect(bubble(page)).toHaveAttribute('aria-expanded', 'false');
  // Nothing was started, so nothing was stored.
  expect((await stored(page)).databases).toEqual([]);
});

test('a message reaches the server, a staff reply arrives live with the unread count in the bubble and title, and a reload keeps the history', async ({
  page,
  browser,
  baseURL,
}) => {
  const visitorName = `Chat Visitor ${Date.now()}`;
  // The widget, its styles and its socket run under the page's CSP (connect-src 'self' covers ws: on the same host).
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  await page.goto('/pricing');
  const title = await page.title();
  const started = page.waitForResponse('**/api/chat/conversations');
  await startChat(page, visitorName);
  const { staff_online } = (await (await started).json()) as { staff_online: boolean };
  const dialog = panel(page);
  const offline = dialog.getByText('No one from our team is online right now');
  if (!staff_online) await expect(offline).toContainText('ada@engines.example');
  await expect(dialog.getByText('Hi! Thanks for reaching out.')).toContainText('Tidewatch,');

  // A message must not be blank.
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByText('Write a message')).toBeVisible();
  const message = dialog.getByRole('textbox', { name: 'Message' });
  await message.fill('Do you look after Debian servers at night?');
  await message.press('Enter');
  await expect(
    dialog.getByRole('listitem').filter({ hasText: 'Do you look after Debian servers at night?' }),
  ).toContainText('You,');
  await expect(message).toHaveValue('');
  expect((await stored(page)).databases).toEqual(['tidewatch-chat']);

  const staff = await staffDesk(browser, baseURL ?? '');
  const conversation = await staff.conversationOf(visitorName);
  expect(conversation).toBeDefined();
  const id = conversation?.id ?? '';
  await expect
    .poll(async () => (await staff.conversation(id)).messages.map((item) => `${item.by}: ${item.msg}`))
    .toContain('user: Do you look after Debian servers at night?');
  // The lookup, signed with the conversation's one-time code, was answered: a loopback address is in
  // no GeoIP range, so staff see the spec's message.
  await expect
    .poll(async () => (await staff.conversation(id)).location)
    .toEqual({ error: 'backend couldnt find user ip' });
  // Staff reading the inbox are online; the widget hears of it.
  await expect(offline).toBeHidden({ timeout: 15_000 });

  // With the panel closed, a reply counts as unread in the bubble and the tab's title.
  await page.keyboard.press('Escape');
  await staff.reply(id, 'Yes, around the clock.');
  await expect(bubble(page)).toHaveAccessibleName('Chat with us 1 unread messages');
  await expect(page).toHaveTitle(`(1) ${title}`);
  await bubble(page).click();
  await expect(dialog.getByText('Yes, around the clock.')).toBeVisible();
  await expect(page).toHaveTitle(title);
  await expect(bubble(page).locator('[data-chat-unread]')).toBeHidden();

  // The history is the browser's: a reload shows it again, with the visitor's name kept.
  await page.reload();
  await bubble(page).click();
  await expect(dialog.getByText('Do you look after Debian servers at night?')).toBeVisible();
  await expect(dialog.getByText('Yes, around the clock.')).toBeVisible();
  expect(await violations(page)).toEqual([]);

  // Away from the site, a reply waits; back on any page the widget reconnects at once, catches up
  // from the last message it has, and counts the reply as unread.
  await page.goto('about:blank');
  await staff.reply(id, 'Sent while you were away.');
  await page.goto('/about-us');
  await expect(bubble(page)).toHaveAccessibleName('Chat with us 1 unread messages');
  await bubble(page).click();
  await expect(dialog.getByText('Sent while you were away.')).toBeVisible();
  expect(refused).toEqual([]);
  await staff.close();
});

test('the chat is not on portal paths: not in the portal, nor on the site page served at such a path', async ({
  page,
}) => {
  // The 404 page is served at any address; at a path with admin/ in it, the bubble stays hidden.
  const missing = await page.goto('/blog/admin/nothing-here');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('[data-chat-bubble]')).toBeHidden();
  await page.goto('/da/blog/user/ingen-side');
  await expect(page.locator('[data-chat-bubble]')).toBeHidden();

  await signIn(page, ADMIN);
  for (const path of ['/user/servers', '/admin/chat']) {
    await page.goto(path);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(page.locator('[data-chat-bubble]')).toHaveCount(0);
  }
  await page.goto('/da');
  await expect(page.getByRole('button', { name: /^Chat med os/ })).toBeVisible();
});
