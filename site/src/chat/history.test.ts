import type { ChatMessage } from '@tidewatch/contract';
import { describe, expect, it } from 'vitest';
import { CHAT_RETENTION_MS, prunedChat, type StoredChat, unreadCount, withMessage } from './history';

const now = Date.parse('2026-06-01T12:00:00Z');
const DAY = 24 * 60 * 60 * 1000;
const message = (id: number, by: ChatMessage['by'], ageMs = 0): ChatMessage => ({
  id,
  by,
  msg: `message ${id}`,
  time: new Date(now - ageMs).toISOString(),
});
const chat = (messages: ChatMessage[], updatedAt = now): StoredChat => ({
  conversation: { id: 'c', token: 't', totp_secret: 'S' },
  visitor: { name: 'Ada', email: 'ada@example.com' },
  messages,
  readUpTo: 0,
  locationSent: false,
  updatedAt,
});

describe('the 90-day retention', () => {
  it('keeps what is within 90 days and drops what is older', () => {
    const kept = message(2, 'user', 89 * DAY);
    expect(prunedChat(chat([message(1, 'bot', 91 * DAY), kept]), now)?.messages).toEqual([kept]);
  });

  it('forgets a conversation untouched for longer than the retention', () => {
    expect(prunedChat(chat([message(1, 'bot', 95 * DAY)], now - CHAT_RETENTION_MS - 1), now)).toBeNull();
  });

  it('answers the same chat when nothing is old', () => {
    const recent = chat([message(1, 'bot', DAY)]);
    expect(prunedChat(recent, now)).toBe(recent);
  });
});

describe('messages from the server', () => {
  it('are kept once each, in the server order, when a catch-up repeats them', () => {
    const list = withMessage(withMessage([message(1, 'bot')], message(3, 'user')), message(2, 'mattermost'));
    expect(withMessage(list, message(2, 'mattermost')).map((item) => item.id)).toEqual([1, 2, 3]);
  });

  it("count as unread when the team wrote them after what the visitor has seen, never the visitor's own", () => {
    const messages = [
      message(1, 'bot'),
      message(2, 'user'),
      message(3, 'mattermost'),
      message(4, 'mattermost'),
    ];
    expect(unreadCount({ messages, readUpTo: 0 })).toBe(3);
    expect(unreadCount({ messages, readUpTo: 3 })).toBe(1);
  });
});
