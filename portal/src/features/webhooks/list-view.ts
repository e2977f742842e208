import * as z from 'zod/mini';
import { cursorTrail, lenient } from '../../lib/search-params';

/** The webhooks page in the URL: the webhook whose deliveries are open, and the cursors of their pages walked so far. */
export const WebhooksSearch = z.object({
  webhook: lenient(z.guid()),
  cursors: lenient(cursorTrail),
});
export type WebhooksView = z.output<typeof WebhooksSearch>;
