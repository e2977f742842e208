import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect } from '@playwright/test';
import WebSocket from 'ws';

/** The server's public origin: PUBLIC_URL is unset, so it is localhost on the server's port. */
export const publicOrigin = (baseURL: string) => `http://localhost:${new URL(baseURL).port}`;

/** Starts a conversation as the widget does: the XSRF token from the first answer, then the details. */
export async function startConversation(request: APIRequestContext, name: string) {
  await request.get('/api/auth');
  const { cookies } = await request.storageState();
  const xsrf = cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const response = await request.post('/api/chat/conversations', {
    headers: { 'x-xsrf-token': xsrf },
    data: { name, email: 'visitor@harbour.example', locale: 'en', page: '/pricing' },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as { id: string; token: string };
}

export interface ChatFrame {
  cmd: string;
  by?: string;
  msg?: string;
  client_id?: string;
}

/**
 * The site widget's side of a conversation over the real WebSocket at `base`, coming from
 * `origin`: signed in with the conversation's token, keeping every frame the server sends and
 * handing each to `onFrame` as it comes.
 */
export async function connectChatVisitor(
  base: string,
  token: string,
  origin: string,
  onFrame?: (frame: ChatFrame) => void,
) {
  const socket = new WebSocket(`${base.replace(/^http/, 'ws')}/api/chat`, { origin });
  const frames: ChatFrame[] = [];
  let signedIn: () => void = () => {};
  const authenticated = new Promise<void>((resolve) => {
    signedIn = resolve;
  });
  socket.on('message', (data) => {
    const frame: ChatFrame = JSON.parse(String(data));
    frames.push(frame);
    onFrame?.(frame);
    if (frame.cmd === 'auth-ok') signedIn();
  });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  socket.send(JSON.stringify({ cmd: 'token-auth', token }));
  await authenticated;
  return {
    frames,
    /** Sends a message and answers its client id, which the echo carries. */
    say: (msg: string) => {
      const clientId = randomUUID();
      socket.send(JSON.stringify({ cmd: 'msg', msg, byAppUser: true, client_id: clientId }));
      return clientId;
    },
    close: () => socket.close(),
  };
}
