import { createSecretBox } from '../../lib/secret-box';

export { newMessageId, queueWebhookEvent, RETRY_FOR_MS, webhookPayload } from './events';
export { auditWebhookEventsSql, queueWebhookEventsSql, SENT_BY_THE_SERVICE } from './repository';
export { webhookRoutes } from './routes';
export { newWebhookSecret } from './signing';
export { createWebhookWorker, WEBHOOK_DELIVERY, type WebhookWorker } from './worker';

/** Seals endpoints' signing secrets at rest under the app secret. */
export const webhookSecretBox = (appSecret: string) => createSecretBox(appSecret, 'webhook-secrets');
