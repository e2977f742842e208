import { createHash } from 'node:crypto';
import websocket from '@fastify/websocket';
import {
  CHAT_CLOSE,
  CHAT_FRAME_MAX_BYTES,
  CHAT_RATE_LIMIT,
  CHAT_SOCKET_PATH,
  ClientFrame,
  type ServerFrame,
} from '@tidewatch/contract';
import type { FastifyInstance } from 'fastify';
import type { ChatConversationRow } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import type { ChatHub, VisitorSocket } from './hub';
import { notifySalesOfChat } from './notify';
import { addMessage, findConversation, findConversationByTokenHash, setLocation } from './repository';

export const hashChatToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * The visitor's WebSocket, `GET /api/chat`: only from our own origin, frames of at most 8 KiB,
 * at most 20 frames in 10 s. The first frame authenticates with the conversation's token.
 */
export async function chatSocketRoutes(
  app: FastifyInstance,
  options: { hub: ChatHub; publicUrl: string; webhookUrl: string | undefined },
) {
  const { hub } = options;
  const allowedOrigin = new URL(options.publicUrl).origin;
  await app.register(websocket, { options: { maxPayload: CHAT_FRAME_MAX_BYTES } });

  app.get(
    `/api${CHAT_SOCKET_PATH}`,
    {
      websocket: true,
      // Refused before the upgrade: another site's page must not talk to our chat.
      onRequest: async (request) => {
        if (request.headers.origin !== allowedOrigin)
          throw new HttpError(403, 'The chat takes connections from our own site only');
      },
    },
    (socket, request) => {
      const log = request.log;
      const frameTimes: number[] = [];
      let visitor: VisitorSocket | null = null;
      let conversation: ChatConversationRow | null = null;
      // Frames are handled in order, one after the other.
      let handling = Promise.resolve();

      const send = (frame: ServerFrame) => {
        if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
      };
      const refuse = (code: string, message: string) => send({ cmd: 'error', code, message });

      async function handle(frame: ClientFrame) {
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
          await setLocation(app.db, conversation.id, frame);
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
        if (frameTimes.length > CHAT_RATE_LIMIT.frames) {
          refuse(
            'rate-limited',
            `At most ${CHAT_RATE_LIMIT.frames} messages in ${CHAT_RATE_LIMIT.windowMs / 1000} seconds`,
          );
          socket.close(CHAT_CLOSE.policy, 'too many frames');
          return;
        }
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
        handling = handling.then(async () => {
          if (visitor)
            await hub.leave(visitor).catch((error) => log.error({ err: error }, 'chat leave failed'));
        });
      });
    },
  );
}
