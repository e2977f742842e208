/**
 * What the chat bubble's own small script needs before any chat code loads: where the chat is
 * shown, when the nudge comes, and the name of the browser database a conversation is kept in.
 */

/** The nudge beside the bubble comes after this long on a page (spec section 9). */
export const CHAT_NUDGE_DELAY_MS = 5000;

/** The IndexedDB database the widget keeps a conversation in, made only when the visitor starts one. */
export const CHAT_DATABASE = 'tidewatch-chat';

/** The portal's paths (spec section 2): the chat is never shown there, in either language. */
const PORTAL_PATH = /(^|\/)(user|customer|admin)\//;

export function chatShownOn(pathname: string): boolean {
  return !PORTAL_PATH.test(pathname);
}

/** Whether this browser has a conversation from an earlier visit, asked without opening (so creating) the database. */
export async function hasStoredChat(): Promise<boolean> {
  const databases = await indexedDB.databases?.().catch(() => []);
  return (databases ?? []).some((database) => database.name === CHAT_DATABASE);
}
