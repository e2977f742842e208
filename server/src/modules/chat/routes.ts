import { randomBytes } from 'node:crypto';
import { contract, LOCATION_TOTP_PERIOD, REFUSALS } from '@tidewatch/contract';
import { matchTotpStep, newTotpSecret } from '@tidewatch/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireAuth } from '../../core/access';
import { implement } from '../../core/route';
import { conflict, HttpError, notFound } from '../../lib/http-error';
import { chatReplyMail } from '../mail';
import type { GeoIp } from './geoip';
import type { ChatHub } from './hub';
import {
  addMessage,
  claimTotpStep,
  closeConversation,
  createConversation,
  findConversation,
  isVisitorConnected,
  listInbox,
  markRead,
  messagesAfter,
  toChatMessage,
  toSummary,
  touchStaffPresence,
} from './repository';
import { hashChatToken } from './socket';

/** Conversations one address may start in an hour: a family behind one router, not a flood. */
export const CHAT_START_LIMIT = { max: 10, timeWindow: 60 * 60_000 } as const;
/** Location lookups one address may make a minute. */
export const LOCATION_LIMIT = { max: 20, timeWindow: 60_000 } as const;

const GREETING = {
  en: 'Hi! Thanks for reaching out. Write your question and one of our engineers will answer here.',
  da: 'Hej! Tak fordi du skriver. Skriv dit spørgsmål, så svarer en af vores teknikere her.',
} as const;

const BEARER = /^Bearer ([0-9a-f-]{36}):(\d{6})$/i;
const badCode = () =>
  new HttpError(401, REFUSALS.chatBearer, undefined, {
    'www-authenticate': 'Bearer',
  });

/** The widget's REST calls (start, own address, location) and the staff inbox's. */
export async function chatRoutes(
  app: FastifyInstance,
  options: { hub: ChatHub; geoIp: GeoIp; publicUrl: string },
) {
  const { hub, geoIp } = options;

  /** The conversation's TOTP secret; an empty one (the demo's conversations) matches no code. */
  const openSecret = (sealed: string) => {
    try {
      return app.totpBox.open(sealed);
    } catch {
      return '';
    }
  };

  /** Answers the bearer's conversation when its code is valid now and not used before. */
  async function conversationOfBearer(request: FastifyRequest) {
    const match = BEARER.exec(request.headers.authorization ?? '');
    if (!match?.[1] || !match[2]) throw badCode();
    const conversation = await findConversation(app.db, match[1].toLowerCase());
    if (!conversation) throw badCode();
    const secret = openSecret(conversation.totpSecret);
    const step = secret
      ? matchTotpStep(secret, match[2], app.now().getTime(), { period: LOCATION_TOTP_PERIOD })
      : null;
    if (step === null || !(await claimTotpStep(app.db, conversation.id, step))) throw badCode();
    return conversation;
  }

  async function openConversation(id: string) {
    const conversation = await findConversation(app.db, id);
    if (!conversation) throw notFound(REFUSALS.noSuchConversation);
    return conversation;
  }

  implement(
    app,
    contract.chat,
    {
      async start(request, reply) {
        const { name, email, locale, page } = request.body;
        const token = randomBytes(32).toString('base64url');
        const totpSecret = newTotpSecret();
        const conversation = await createConversation(app.db, {
          tokenHash: hashChatToken(token),
          totpSecret: app.totpBox.seal(totpSecret),
          visitorName: name,
          visitorEmail: email,
          locale,
          page,
          greeting: GREETING[locale],
          now: app.now(),
        });
        reply.code(201);
        return { id: conversation.id, token, totp_secret: totpSecret, staff_online: await hub.staffOnline() };
      },
      async ip(request) {
        return { ip: request.ip };
      },
      async userLocation(request) {
        await conversationOfBearer(request);
        const place = await geoIp.lookup(request.query.userIp);
        if (!place) throw notFound(REFUSALS.visitorPlaceUnknown);
        return { data: place };
      },
    },
    { start: { rateLimit: CHAT_START_LIMIT }, userLocation: { rateLimit: LOCATION_LIMIT } },
  );

  implement(app, contract.chatInbox, {
    async list(request) {
      // Polling the inbox is what keeps staff online for visitors.
      await touchStaffPresence(app.db, requireAuth(request).user.id, app.now());
      return listInbox(app.db, request.query, app.now());
    },
    async get(request) {
      await touchStaffPresence(app.db, requireAuth(request).user.id, app.now());
      const conversation = await openConversation(request.params.id);
      const messages = await messagesAfter(app.db, conversation.id, 0);
      return {
        ...toSummary(conversation, messages.at(-1) ?? null, app.now()),
        messages: messages.map(toChatMessage),
      };
    },
    async markRead(request) {
      await markRead(app.db, (await openConversation(request.params.id)).id);
    },
    async reply(request) {
      const staff = requireAuth(request).user;
      const conversation = await openConversation(request.params.id);
      if (conversation.status !== 'open') throw conflict(REFUSALS.conversationClosed);
      const { message } = await addMessage(app.db, {
        conversationId: conversation.id,
        by: 'mattermost',
        body: request.body.msg,
        staffUserId: staff.id,
        now: app.now(),
      });
      await hub.announce('msg', conversation.id);
      // The visitor is not on the site: the reply follows them by mail.
      if (!isVisitorConnected(conversation, app.now())) {
        await app.mailer.queue(
          [
            chatReplyMail(conversation.locale, {
              to: conversation.visitorEmail,
              name: conversation.visitorName,
              reply: request.body.msg,
              siteUrl: `${options.publicUrl}${conversation.locale === 'da' ? '/da/' : '/'}`,
            }),
          ],
          request.log,
          { capped: true },
        );
      }
      return toChatMessage(message);
    },
    async close(request) {
      const conversation = await openConversation(request.params.id);
      if (await closeConversation(app.db, conversation.id, app.now()))
        await hub.announce('closed', conversation.id);
    },
  });
}
