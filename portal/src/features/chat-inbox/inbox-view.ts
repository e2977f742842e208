import * as v from 'valibot';
import { boundedText, cursorTrail, lenient, queryText } from '../../lib/search-params';

export const INBOX_PAGE_SIZE = 25;

/** The inbox's view in the URL: open or closed, the search, the pages walked and the conversation shown. */
export const ChatInboxSearch = v.object({
  status: lenient(v.picklist(['open', 'closed'])),
  q: lenient(queryText),
  cursors: lenient(cursorTrail),
  conversation: lenient(v.pipe(boundedText(36), v.uuid())),
});
export type ChatInboxView = v.InferOutput<typeof ChatInboxSearch>;
