import { brand } from '@tidewatch/content';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ChatConversationRow } from '../../db/schema';
import { chatStartedMail } from '../mail';

const WEBHOOK_TIMEOUT_MS = 5_000;

/**
 * What the visitor typed, as inline code: Mattermost shows it as it is (no link, image or
 * markup) and drops it before looking for mentions, so `@channel` there notifies no one. A
 * backtick would end the code, so it becomes a look-alike.
 */
const literal = (value: string) => `\`${value.replace(/\s+/g, ' ').replaceAll('`', 'ˋ')}\``;

/** A message as a quote of literal lines. */
const quoted = (message: string) =>
  message
    .split(/\r?\n/)
    .map((line) => (line.trim() ? `> ${literal(line)}` : '>'))
    .join('\n');

/**
 * Tells the sales team a visitor wrote for the first time: by mail always, and on a
 * Mattermost-compatible incoming webhook when one is configured.
 */
export async function notifySalesOfChat(
  app: FastifyInstance,
  options: { publicUrl: string; webhookUrl: string | undefined },
  conversation: ChatConversationRow,
  message: string,
  log: FastifyBaseLogger,
) {
  const inboxUrl = `${options.publicUrl}/admin/chat?conversation=${conversation.id}`;
  await app.mailer.queue(
    [
      chatStartedMail({
        to: brand.contact.salesEmail,
        locale: conversation.locale,
        name: conversation.visitorName,
        email: conversation.visitorEmail,
        page: conversation.page,
        message,
        inboxUrl,
      }),
    ],
    log,
  );
  if (!options.webhookUrl) return;
  try {
    const response = await fetch(options.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username: `${brand.product} chat`,
        text: `New chat from ${literal(conversation.visitorName)} ${literal(conversation.visitorEmail)} on ${literal(conversation.page)}:\n${quoted(message)}\n[Open the inbox](${inboxUrl})`,
      }),
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
    });
    if (!response.ok) log.warn({ status: response.status }, 'chat webhook refused the notice');
  } catch (error) {
    log.warn({ err: error }, 'chat webhook unreachable');
  }
}
