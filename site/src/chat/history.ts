import type { ChatMessage, ConversationStarted } from '@tidewatch/contract';
import { CHAT_RETENTION_DAYS } from '@tidewatch/domain';
import { createStore, del, get, set } from 'idb-keyval';
import { CHAT_DATABASE } from './presence';

/** Chat history is kept in the browser for 90 days (spec sections 3 and 9), as on the server. */
export const CHAT_RETENTION_MS = CHAT_RETENTION_DAYS * 24 * 60 * 60 * 1000;

/** A conversation as this browser keeps it: its secrets, who the visitor said they are, and what was said. */
export interface StoredChat {
  conversation: Pick<ConversationStarted, 'id' | 'token' | 'totp_secret'>;
  visitor: { name: string; email: string };
  messages: ChatMessage[];
  /** The last message id the visitor has seen with the panel open. */
  readUpTo: number;
  /** Whether the visitor's location (or why there is none) has been sent for this conversation. */
  locationSent: boolean;
  /** When the conversation last changed, in epoch ms. */
  updatedAt: number;
}

const KEY = 'conversation';
// idb-keyval opens (so creates) the database only on a first read or write.
const chatStore = createStore(CHAT_DATABASE, 'chat');

/** The chat without what is older than the retention; null when nothing of it is recent. */
export function prunedChat(chat: StoredChat, now: number): StoredChat | null {
  if (now - chat.updatedAt > CHAT_RETENTION_MS) return null;
  const messages = chat.messages.filter((message) => now - Date.parse(message.time) <= CHAT_RETENTION_MS);
  return messages.length === chat.messages.length ? chat : { ...chat, messages };
}

export async function loadChat(now = Date.now()): Promise<StoredChat | null> {
  const stored = await get<StoredChat>(KEY, chatStore);
  if (!stored) return null;
  const pruned = prunedChat(stored, now);
  if (!pruned) await forgetChat();
  else if (pruned !== stored) await set(KEY, pruned, chatStore);
  return pruned;
}

export async function saveChat(chat: StoredChat): Promise<void> {
  await set(KEY, { ...chat, updatedAt: Date.now() }, chatStore);
}

export async function forgetChat(): Promise<void> {
  await del(KEY, chatStore);
}

/**
 * The messages with one more from the server: it replaces nothing it repeats (a catch-up after
 * a reconnect sends again what may have arrived), and the list stays in the server's order.
 */
export function withMessage(messages: ChatMessage[], message: ChatMessage): ChatMessage[] {
  if (messages.some((known) => known.id === message.id)) return messages;
  return [...messages, message].sort((a, b) => a.id - b.id);
}

export const lastMessageId = (messages: ChatMessage[]) => messages.at(-1)?.id ?? 0;

/** Messages from the team (staff or the greeting) after the ones the visitor has seen. */
export function unreadCount(chat: Pick<StoredChat, 'messages' | 'readUpTo'>): number {
  return chat.messages.filter((message) => message.by !== 'user' && message.id > chat.readUpTo).length;
}
