import { z } from 'zod';
import { dataEnvelope, Email, IsoDateTime, Language, text } from './common';
import { Cursor, PageLimit, pageOf } from './infrastructure';
import { defineRoute, publicAccess, requires } from './route';
import { CHAT_MESSAGE_MAX } from './vocabulary';

/** Where the WebSocket is, under /api. */
export const CHAT_SOCKET_PATH = '/chat';
/** The largest frame either side sends, in bytes. */
export const CHAT_FRAME_MAX_BYTES = 8 * 1024;
/** More frames than this from one socket or one conversation within the window closes the socket with 1008. */
export const CHAT_RATE_LIMIT = { frames: 20, windowMs: 10_000 } as const;
/** Close codes the server uses besides the standard ones. */
export const CHAT_CLOSE = { unauthorised: 4401, policy: 1008, tooBig: 1009 } as const;
/** The location lookup's one-time code lasts 100 s (spec section 9). */
export const LOCATION_TOTP_PERIOD = 100;
/** The spec's location failure messages (section 8), forwarded to the chat as a location command. */
export const LOCATION_ERRORS = ['unable to get user ip', 'backend couldnt find user ip'] as const;
export const LocationError = z.enum(LOCATION_ERRORS);
export type LocationError = z.infer<typeof LocationError>;

/** Who wrote a message (spec section 3): the visitor, the greeting bot, or staff from the inbox. */
export const ChatAuthor = z.enum(['user', 'bot', 'mattermost']);
export type ChatAuthor = z.infer<typeof ChatAuthor>;

/** A message: 1 to 4000 characters, not blank (spec section 5: required, cannot be empty). */
export const ChatMessageText = text({ error: /*i18n*/ 'Write a message' })
  .max(CHAT_MESSAGE_MAX, { error: /*i18n*/ 'Keep a message under 4000 characters' })
  .refine((value) => value.trim().length > 0, { error: /*i18n*/ 'Write a message' });

export const ConversationId = z.uuid({ error: /*i18n*/ 'Not a valid conversation id' });
export const MessageId = z.number().int().min(1);

// ---- Starting a conversation (visitor, no session) ----

export const StartConversationBody = z.object({
  name: text({ error: /*i18n*/ 'Enter your name' })
    .trim()
    .min(1, { error: /*i18n*/ 'Enter your name' })
    .max(200, { error: /*i18n*/ 'Use at most 200 characters' }),
  email: Email,
  locale: Language,
  /** The path the visitor was on. */
  page: text().max(2000),
});
export type StartConversationBody = z.infer<typeof StartConversationBody>;

export const ConversationStarted = z.object({
  id: ConversationId,
  /** The conversation's secret ("app token"); only its hash is stored on the server. */
  token: z.string(),
  /** Base32 secret the widget signs location lookups with. */
  totp_secret: z.string(),
  staff_online: z.boolean(),
});
export type ConversationStarted = z.infer<typeof ConversationStarted>;

// ---- WebSocket frames: visitor to server ----

export const TokenAuthFrame = z.object({
  cmd: z.literal('token-auth'),
  token: text().min(1).max(200),
  /** The last message id the widget has; the server sends every later one. */
  after: z.number().int().min(0).optional(),
});
export const VisitorMessageFrame = z.object({
  cmd: z.literal('msg'),
  msg: ChatMessageText,
  byAppUser: z.literal(true),
  client_id: z.uuid(),
});
const PlaceName = text().trim().min(1).max(200);
/** The widget's location result; the server stores its own lookup of the socket's address instead of the place named. */
export const LocationFrame = z.union([
  z.object({ cmd: z.literal('location'), city: PlaceName, country: PlaceName }),
  z.object({ cmd: z.literal('location'), error: LocationError }),
]);
export const ClientFrame = z.union([TokenAuthFrame, VisitorMessageFrame, LocationFrame]);
export type ClientFrame = z.infer<typeof ClientFrame>;

// ---- WebSocket frames: server to visitor ----

export const ChatMessage = z.object({
  id: MessageId,
  time: IsoDateTime,
  by: ChatAuthor,
  msg: z.string(),
  client_id: z.string().optional(),
});
export type ChatMessage = z.infer<typeof ChatMessage>;

export const AuthOkFrame = z.object({
  cmd: z.literal('auth-ok'),
  conversation_id: ConversationId,
  staff_online: z.boolean(),
});
export const MessageFrame = ChatMessage.extend({ cmd: z.literal('msg') });
export const StaffOnlineFrame = z.object({ cmd: z.literal('staff-online'), online: z.boolean() });
export const ClosedFrame = z.object({ cmd: z.literal('closed') });
export const ErrorFrame = z.object({
  cmd: z.literal('error'),
  code: z.string(),
  message: z.string().optional(),
});
export const ServerFrame = z.discriminatedUnion('cmd', [
  AuthOkFrame,
  MessageFrame,
  StaffOnlineFrame,
  ClosedFrame,
  ErrorFrame,
]);
export type ServerFrame = z.infer<typeof ServerFrame>;

// ---- Location ----

export const CallerIp = z.object({ ip: z.string() });
const IpAddress = z.union([z.ipv4(), z.ipv6()]);
export const UserLocationQuery = z.object({
  userIp: text({ error: /*i18n*/ 'Give an IP address' }).refine(
    (value) => IpAddress.safeParse(value).success,
    {
      error: /*i18n*/ 'Give an IP address',
    },
  ),
});
export const Place = z.object({ city: z.string(), country: z.string() });
export type Place = z.infer<typeof Place>;
/** `Authorization: Bearer <conversation id>:<code>`. */
export const locationAuthorization = (conversationId: string, code: string) =>
  `Bearer ${conversationId}:${code}`;

// ---- Staff inbox ----

export const ConversationStatus = z.enum(['open', 'closed']);
export type ConversationStatus = z.infer<typeof ConversationStatus>;

/** What staff see of where the visitor is: a place, the widget's failure message, or nothing yet. */
export const VisitorLocation = z.union([Place, z.object({ error: LocationError })]).nullable();

export const ConversationSummary = z.object({
  id: ConversationId,
  visitor_name: z.string(),
  visitor_email: z.string(),
  locale: Language,
  page: z.string(),
  location: VisitorLocation,
  status: ConversationStatus,
  started_at: IsoDateTime,
  last_message: ChatMessage.nullable(),
  /** The visitor wrote after staff last read the conversation. */
  unread: z.boolean(),
  /** The visitor's last message has no staff reply after it. */
  unanswered: z.boolean(),
  /** The visitor has the widget open right now. */
  visitor_connected: z.boolean(),
});
export type ConversationSummary = z.infer<typeof ConversationSummary>;

export const ConversationDetail = ConversationSummary.extend({ messages: z.array(ChatMessage) });
export type ConversationDetail = z.infer<typeof ConversationDetail>;

export const InboxQuery = z.object({
  status: ConversationStatus.default('open'),
  /** Searches the visitor's name and email and the messages. */
  q: text().trim().max(200).optional(),
  cursor: Cursor.optional(),
  limit: PageLimit,
});
export type InboxQuery = z.input<typeof InboxQuery>;

export const StaffReplyBody = z.object({ msg: ChatMessageText });
export type StaffReplyBody = z.infer<typeof StaffReplyBody>;

const conversationParams = z.object({ id: ConversationId });

export const chatRoutes = {
  start: defineRoute({
    method: 'POST',
    creates: true,
    path: '/chat/conversations',
    access: publicAccess,
    summary: 'Start a chat conversation from the site widget: answers its token and location secret',
    body: StartConversationBody,
    response: ConversationStarted,
  }),
  ip: defineRoute({
    method: 'GET',
    path: '/ip',
    access: publicAccess,
    summary: "The caller's address as the server sees it",
    response: CallerIp,
  }),
  userLocation: defineRoute({
    method: 'GET',
    path: '/user-location',
    access: publicAccess,
    summary:
      "City and country of an address from the offline GeoIP database (a conversation's one-time code as bearer)",
    query: UserLocationQuery,
    response: dataEnvelope(Place),
  }),
};

export const chatInboxRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/chat/inbox',
    access: requires('chat.answer'),
    summary: 'Chat conversations, newest activity first, with unread and unanswered state',
    query: InboxQuery,
    response: pageOf(ConversationSummary),
  }),
  get: defineRoute({
    method: 'GET',
    path: '/chat/inbox/{id}',
    access: requires('chat.answer'),
    summary: 'One conversation with every message',
    params: conversationParams,
    response: ConversationDetail,
  }),
  markRead: defineRoute({
    method: 'POST',
    path: '/chat/inbox/{id}/read',
    access: requires('chat.answer'),
    summary: 'Mark a conversation read up to its last message',
    params: conversationParams,
  }),
  reply: defineRoute({
    method: 'POST',
    creates: true,
    path: '/chat/inbox/{id}/messages',
    access: requires('chat.answer'),
    summary: 'Reply to the visitor: live over the socket, or by email when the visitor is away',
    params: conversationParams,
    body: StaffReplyBody,
    response: ChatMessage,
  }),
  close: defineRoute({
    method: 'POST',
    path: '/chat/inbox/{id}/close',
    access: requires('chat.answer'),
    summary: 'Close a conversation; the widget is told',
    params: conversationParams,
  }),
};
