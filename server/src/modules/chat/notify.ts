import { brand } from '@tidewatch/content';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ChatConversationRow } from '../../db/schema';
import { chatStartedMail } from '../mail/templates';

const WEBHOOK_TIMEOUT_MS = 5_000;

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
        text: `New chat from ${conversation.visitorName} <${conversation.visitorEmail}> on ${conversation.page}:\n> ${message}\n[Open the inbox](${inboxUrl})`,
      }),
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
    });
    if (!response.ok) log.warn({ status: response.status }, 'chat webhook refused the notice');
  } catch (error) {
    log.warn({ err: error }, 'chat webhook unreachable');
  }
}
