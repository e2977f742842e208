import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';

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
