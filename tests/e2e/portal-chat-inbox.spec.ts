import { expect, test } from '@playwright/test';
import { connectChatVisitor, publicOrigin, startConversation } from '../support/chat-visitor';
import { signIn } from '../support/portal';

const ADMIN = 'admin@tidewatch.example';

test('a conversation started over the WebSocket shows in the inbox, and the staff reply reaches the visitor live', async ({
  page,
  request,
  baseURL,
}) => {
  const visitorName = `Harbour Visitor ${Date.now()}`;
  const started = await startConversation(request, visitorName);
  const visitor = await connectChatVisitor(baseURL ?? '', started.token, publicOrigin(baseURL ?? ''));
  visitor.say('Can you watch our Postgres replicas at night?');

  await signIn(page, ADMIN);
  await page.goto('/admin/chat');
  await expect(page.getByRole('heading', { name: 'Chat', level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation').getByRole('link', { name: /Chat/ })).toBeVisible();
  const item = page.getByRole('button', { name: new RegExp(visitorName) });
  await expect(item).toBeVisible();
  await expect(item.getByText('Unanswered')).toBeVisible();
  await expect(item.getByText('On the site now')).toBeVisible();
  await item.click();

  const conversation = page.getByRole('region', { name: 'Conversation', exact: true });
  await expect(conversation.getByText('Can you watch our Postgres replicas at night?')).toBeVisible();
  await expect(conversation.getByText('visitor@harbour.example')).toBeVisible();
  await conversation.getByLabel('Reply').fill('Yes: Gold and Platinum include 24/7 monitoring.');
  await conversation.getByRole('button', { name: 'Send reply' }).click();
  await expect
    .poll(() => visitor.frames.find((frame) => frame.by === 'mattermost')?.msg)
    .toBe('Yes: Gold and Platinum include 24/7 monitoring.');

  // A later visitor message shows without a reload.
  visitor.say('Great, thanks!');
  await expect(conversation.getByText('Great, thanks!')).toBeVisible({ timeout: 15_000 });

  await conversation.getByRole('button', { name: 'Close conversation' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Close conversation' }).click();
  await expect.poll(() => visitor.frames.some((frame) => frame.cmd === 'closed')).toBe(true);
  await expect(conversation.getByText('This conversation is closed.')).toBeVisible();
  visitor.close();
});

test('the inbox says when nothing matches and when loading failed, with Retry', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto('/admin/chat?q=no-such-visitor-anywhere');
  await expect(page.getByText('No conversations match “no-such-visitor-anywhere”')).toBeVisible();

  await page.route('**/api/chat/inbox**', (route) =>
    route.fulfill({ status: 500, json: { error: 'x', message: 'Boom' } }),
  );
  await page.goto('/admin/chat');
  const failed = page.locator('[data-state="failed"]');
  await expect(failed.getByText('Could not load the conversations')).toBeVisible({ timeout: 15_000 });
  await page.unroute('**/api/chat/inbox**');
  await failed.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('button', { name: /Margaret Hamilton/ })).toBeVisible();
});
