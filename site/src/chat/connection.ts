import type { ClientFrame, ServerFrame } from '@tidewatch/contract';

/** The socket's path under /api; a test holds it and the close code to the contract's. */
export const CHAT_SOCKET = '/chat';

/** The server closes with this when the conversation's token is not (or no longer) valid. */
export const UNAUTHORISED_CLOSE = 4401;

/** Waits between reconnect attempts: doubling from 1 s up to 30 s, each with up to a fifth more at random. */
export function reconnectDelayMs(attempt: number, random = Math.random): number {
  const base = Math.min(30_000, 1000 * 2 ** attempt);
  return Math.round(base * (1 + random() / 5));
}

export type ConnectionState = 'connecting' | 'open' | 'waiting';

export interface ChatConnectionOptions {
  url: string;
  token: string;
  /** The last message id this browser has, asked at each (re)connect so the server sends only later ones. */
  lastMessageId: () => number;
  onFrame: (frame: ServerFrame) => void;
  onState: (state: ConnectionState) => void;
  /** The token was refused: the conversation is gone, and reconnecting would not help. */
  onRefused: () => void;
}

/**
 * The widget's socket to the chat server: authenticates with the conversation's token, asks for
 * what it missed, and reconnects with backoff until closed.
 */
export function connectChat(options: ChatConnectionOptions) {
  let socket: WebSocket | undefined;
  let attempt = 0;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  let authenticated = false;

  const open = () => {
    authenticated = false;
    options.onState('connecting');
    const current = new WebSocket(options.url);
    socket = current;
    current.addEventListener('open', () => {
      const after = options.lastMessageId();
      current.send(JSON.stringify({ cmd: 'token-auth', token: options.token, ...(after > 0 && { after }) }));
    });
    current.addEventListener('message', (event) => {
      let frame: ServerFrame;
      try {
        frame = JSON.parse(String(event.data)) as ServerFrame;
      } catch {
        return;
      }
      if (frame.cmd === 'auth-ok') {
        authenticated = true;
        attempt = 0;
        options.onState('open');
      }
      options.onFrame(frame);
    });
    current.addEventListener('close', (event) => {
      if (socket !== current) return;
      socket = undefined;
      authenticated = false;
      if (stopped) return;
      if (event.code === UNAUTHORISED_CLOSE) {
        stopped = true;
        options.onRefused();
        return;
      }
      options.onState('waiting');
      retry = setTimeout(open, reconnectDelayMs(attempt++));
    });
  };

  // Back online or back to the tab: try now rather than at the end of a long wait.
  const hurry = () => {
    if (stopped || socket || document.visibilityState !== 'visible') return;
    clearTimeout(retry);
    open();
  };
  window.addEventListener('online', hurry);
  document.addEventListener('visibilitychange', hurry);
  open();

  return {
    /** Sends a frame if the socket is open and authenticated; false when it could not. */
    send(frame: ClientFrame): boolean {
      if (!socket || !authenticated || socket.readyState !== WebSocket.OPEN) return false;
      socket.send(JSON.stringify(frame));
      return true;
    },
    close() {
      stopped = true;
      clearTimeout(retry);
      window.removeEventListener('online', hurry);
      document.removeEventListener('visibilitychange', hurry);
      socket?.close(1000);
      socket = undefined;
    },
  };
}

export type ChatConnection = ReturnType<typeof connectChat>;

/** The socket's address on this page's origin (ws: or wss: as the page is http: or https:). */
export function chatSocketUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/api${CHAT_SOCKET}`;
}
