import * as z from 'zod/mini';
import { cursorTrail, lenient, queryText } from '../../lib/search-params';

export const INBOX_PAGE_SIZE = 25;

/** The inbox's view in the URL: open or closed, the search, the pages walked and the conversation shown. */
export const ChatInboxSearch = z.object({
  status: lenient(z.enum(['open', 'closed'])),
  q: lenient(queryText),
  cursors: lenient(cursorTrail),
  conversation: lenient(z.guid()),
});
export type ChatInboxView = z.output<typeof ChatInboxSearch>;

/** The page of the inbox the view shows, as the API takes it. */
export const inboxQueryOf = (view: ChatInboxView) =>
  ({
    status: view.status ?? 'open',
    q: view.q || undefined,
    cursor: view.cursors?.at(-1),
    limit: INBOX_PAGE_SIZE,
  }) as const;
