import { createHash } from 'node:crypto';
import websocket from '@fastify/websocket';
import {
  CHAT_CLOSE,
  CHAT_FRAME_MAX_BYTES,
  CHAT_RATE_LIMIT,
  CHAT_SOCKET_PATH,
  ClientFrame,
  LOCATION_ERRORS,
  REFUSALS,
  type ServerFrame,
} from '@tidewatch/contract';
import type { FastifyInstance } from 'fastify';
import type { ChatConversationRow } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { countHit } from '../../plugins/rate-limit';
import type { GeoIp } from './geoip';
import type { ChatHub, VisitorSocket } from './hub';
import { notifySalesOfChat } from './notify';
import { addMessage, findConversation, findConversationByTokenHash, setLocation } from './repository';

export const hashChatToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** A socket that has not signed in by then is closed: an idle socket only holds a slot. */
export const CHAT_AUTH_TIMEOUT_MS = 10_000;
/** Frames one address may send in the window over all its sockets and replicas: a few visitors behind one router. */
export const CHAT_ADDRESS_FRAMES = 3 * CHAT_RATE_LIMIT.frames;
/** Sockets one address may hold open on one replica (decision 0064). */
export const CHAT_SOCKETS_PER_ADDRESS = 20;

/**
 * The visitor's WebSocket, `GET /api/chat`: only from our own origin, frames of at most 8 KiB,
 * at most 20 frames in 10 s per socket and per conversation, 60 per address, over every
 * reconnect and replica. The first frame authenticates with the conversation's token, within 10 s.
 */
export async function chatSocketRoutes(
  app: FastifyInstance,
  options: {
    hub: ChatHub;
    geoIp: GeoIp;
    publicUrl: string;
    webhookUrl: string | undefined;
    /** Tests shorten it. */
    authTimeoutMs?: number;
  },
) {
  const { hub, geoIp } = options;
  const allowedOrigin = new URL(options.publicUrl).origin;
  const openPerAddress = new Map<string, number>();
  await app.register(websocket, { options: { maxPayload: CHAT_FRAME_MAX_BYTES } });

  app.get(
    `/api${CHAT_SOCKET_PATH}`,
    {
      websocket: true,
      // Refused before the upgrade: another site's page must not talk to our chat.
      onRequest: async (request) => {
        if (request.headers.origin !== allowedOrigin) throw new HttpError(403, REFUSALS.chatOwnSiteOnly);
      },
    },
    (socket, request) => {
      const log = request.log;
      // The connection's address as TRUST_PROXY allows (decision 0021), never what the page says.
      const address = request.ip;
      const frameTimes: number[] = [];
      let visitor: VisitorSocket | null = null;
      let conversation: ChatConversationRow | null = null;
      // Frames are handled in order, one after the other.
      let handling = Promise.resolve();

      const send = (frame: ServerFrame) => {
        if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
      };
      const refuse = (code: string, message: string) => send({ cmd: 'error', code, message });
      const tooManyFrames = () => {
        refuse(
          'rate-limited',
          `At most ${CHAT_RATE_LIMIT.frames} messages in ${CHAT_RATE_LIMIT.windowMs / 1000} seconds`,
        );
        socket.close(CHAT_CLOSE.policy, 'too many frames');
      };

      const open = openPerAddress.get(address) ?? 0;
      if (open >= CHAT_SOCKETS_PER_ADDRESS) {
        refuse('too-many-sockets', 'Too many chat windows are open from this address');
        socket.close(CHAT_CLOSE.policy, 'too many sockets');
        return;
      }
      openPerAddress.set(address, open + 1);
      const signInDeadline = setTimeout(() => {
        if (visitor) return;
        refuse('sign-in-timeout', 'Sign in with the conversation token first');
        socket.close(CHAT_CLOSE.policy, 'not signed in in time');
      }, options.authTimeoutMs ?? CHAT_AUTH_TIMEOUT_MS);

      /** Counts the frame against its address and conversation in the shared counters; false past either limit. */
      async function withinSharedLimits() {
        const limits: [key: string, max: number][] = [
          [`chat-frames|address|${address}`, CHAT_ADDRESS_FRAMES],
        ];
        if (conversation)
          limits.push([`chat-frames|conversation|${conversation.id}`, CHAT_RATE_LIMIT.frames]);
        for (const [key, max] of limits) {
          const { current } = await countHit(app.db, key, CHAT_RATE_LIMIT.windowMs, app.now());
          if (current > max) return false;
        }
        return true;
      }

      async function handle(frame: ClientFrame) {
        if (!(await withinSharedLimits())) return tooManyFrames();
        if (frame.cmd === 'token-auth') {
          if (visitor) return refuse('already-authenticated', 'This socket is signed in already');
          conversation = await findConversationByTokenHash(app.db, hashChatToken(frame.token));
          if (!conversation) {
            send({ cmd: 'error', code: 'unauthorised' });
            socket.close(CHAT_CLOSE.unauthorised, 'unauthorised');
            return;
          }
          visitor = {
            conversationId: conversation.id,
            lastSentId: frame.after ?? 0,
            send,
            pending: Promise.resolve(),
          };
          send({ cmd: 'auth-ok', conversation_id: conversation.id, staff_online: await hub.staffOnline() });
          await hub.join(visitor);
          if (conversation.status === 'closed') send({ cmd: 'closed' });
          return;
        }
        if (!visitor || !conversation) {
          send({ cmd: 'error', code: 'unauthorised' });
          socket.close(CHAT_CLOSE.unauthorised, 'unauthorised');
          return;
        }
        if (frame.cmd === 'location') {
          // The widget's place is only its claim: staff see where the connection's address is.
          const place = await geoIp.lookup(address);
          await setLocation(app.db, conversation.id, place ?? { error: LOCATION_ERRORS[1] });
          return;
        }
        const current = await findConversation(app.db, conversation.id);
        if (current?.status !== 'open') return refuse('closed', 'This conversation is closed');
        const { firstFromVisitor } = await addMessage(app.db, {
          conversationId: conversation.id,
          by: 'user',
          body: frame.msg,
          clientId: frame.client_id,
          now: app.now(),
        });
        await hub.announce('msg', conversation.id);
        if (firstFromVisitor) await notifySalesOfChat(app, options, current, frame.msg, log);
      }

      socket.on('message', (data, isBinary) => {
        const at = Date.now();
        while (frameTimes.length && (frameTimes[0] ?? 0) <= at - CHAT_RATE_LIMIT.windowMs) frameTimes.shift();
        frameTimes.push(at);
        // Checked here first, without the database, so one socket's flood never reaches it.
        if (frameTimes.length > CHAT_RATE_LIMIT.frames) return tooManyFrames();
        let parsed: ReturnType<typeof ClientFrame.safeParse> | undefined;
        try {
          parsed = isBinary ? undefined : ClientFrame.safeParse(JSON.parse(data.toString()));
        } catch {
          // answered below
        }
        if (!parsed?.success) {
          refuse('invalid-frame', parsed?.error.issues[0]?.message ?? 'Frames are JSON text');
          return;
        }
        const frame = parsed.data;
        handling = handling
          .then(() => handle(frame))
          .catch((error) => {
            log.error({ err: error }, 'chat frame failed');
            refuse('server-error', 'Something went wrong; try again');
          });
      });

      socket.on('close', () => {
        clearTimeout(signInDeadline);
        const left = (openPerAddress.get(address) ?? 1) - 1;
        if (left) openPerAddress.set(address, left);
        else openPerAddress.delete(address);
        handling = handling.then(async () => {
          if (visitor)
            await hub.leave(visitor).catch((error) => log.error({ err: error }, 'chat leave failed'));
        });
      });
    },
  );
}
