import { CHAT_CLOSE, CHAT_SOCKET_PATH } from '@tidewatch/contract';
import { expect, it } from 'vitest';
import { CHAT_SOCKET, chatSocketUrl, reconnectDelayMs, UNAUTHORISED_CLOSE } from './connection';

it('waits longer after each failed attempt, up to 30 s and a fifth more', () => {
  const never = () => 0;
  expect([0, 1, 2, 3, 4, 5, 10].map((attempt) => reconnectDelayMs(attempt, never))).toEqual([
    1000, 2000, 4000, 8000, 16000, 30000, 30000,
  ]);
  expect(reconnectDelayMs(10, () => 1)).toBe(36000);
});

it("speaks the contract's socket path and close code", () => {
  expect(CHAT_SOCKET).toBe(CHAT_SOCKET_PATH);
  expect(UNAUTHORISED_CLOSE).toBe(CHAT_CLOSE.unauthorised);
});

it('connects on the page origin, secure when the page is', () => {
  expect(chatSocketUrl({ protocol: 'https:', host: 'tidewatch.example' })).toBe(
    'wss://tidewatch.example/api/chat',
  );
  expect(chatSocketUrl({ protocol: 'http:', host: '127.0.0.1:3000' })).toBe('ws://127.0.0.1:3000/api/chat');
});
