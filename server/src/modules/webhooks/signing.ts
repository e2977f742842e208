import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/** How long the secret before a rotation still signs, so receivers can switch without losing events. */
export const PREVIOUS_SECRET_SIGNS_FOR_MS = 24 * 60 * 60_000;

/** A new signing secret as Standard Webhooks libraries read it: `whsec_` and base64 of 24 random bytes. */
export const newWebhookSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

/**
 * The three Standard Webhooks headers for a body, signed by each secret given (the current one,
 * and during a rotation the previous one too), the signatures separated by spaces.
 */
export function signedHeaders(
  messageId: string,
  at: Date,
  body: string,
  secrets: string[],
): Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string> {
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': secrets.map((secret) => new Webhook(secret).sign(messageId, at, body)).join(' '),
  };
}
