import type { ChatAuthor, ConversationSummary, InboxQuery, LocationError, Place } from '@tidewatch/contract';
import { and, asc, count, desc, eq, gt, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import {
  type ChatConversationRow,
  type ChatMessageRow,
  chatConversations,
  chatMessages,
  chatStaffPresence,
} from '../../db/schema';
import { boundedTotal, pageTotal } from '../../lib/bounded-total';
import { keyset } from '../../lib/keyset';
import { containing } from '../../lib/search';

/** Staff count as online this long after their inbox last asked for news (it polls every few seconds). */
export const STAFF_ONLINE_MS = 30_000;
/** A visitor counts as connected this long after their replica last renewed the mark. */
export const VISITOR_SEEN_MS = 45_000;

export const toChatMessage = (row: ChatMessageRow) => ({
  id: row.id,
  time: row.createdAt.toISOString(),
  by: row.by,
  msg: row.body,
  ...(row.clientId && { client_id: row.clientId }),
});

export async function createConversation(
  db: Database,
  input: Pick<
    typeof chatConversations.$inferInsert,
    'tokenHash' | 'totpSecret' | 'visitorName' | 'visitorEmail' | 'locale' | 'page'
  > & { greeting: string; now: Date },
): Promise<ChatConversationRow> {
  const { greeting, now, ...details } = input;
  return db.transaction(async (tx) => {
    const [conversation] = await tx
      .insert(chatConversations)
      .values({ ...details, startedAt: now, lastMessageAt: now, lastMessageBy: 'bot' })
      .returning();
    if (!conversation) throw new Error('conversation row');
    await tx
      .insert(chatMessages)
      .values({ conversationId: conversation.id, by: 'bot', body: greeting, createdAt: now });
    return conversation;
  });
}

export async function findConversationByTokenHash(db: Database, tokenHash: string) {
  const [row] = await db.select().from(chatConversations).where(eq(chatConversations.tokenHash, tokenHash));
  return row ?? null;
}

export async function findConversation(db: Database, id: string) {
  const [row] = await db.select().from(chatConversations).where(eq(chatConversations.id, id));
  return row ?? null;
}

/**
 * Stores a message and moves the conversation's last-message marks. A visitor frame sent again
 * with the same client id returns the stored message. `firstFromVisitor` is true for exactly one
 * message per conversation, over every replica.
 */
export async function addMessage(
  db: Database,
  input: {
    conversationId: string;
    by: ChatAuthor;
    body: string;
    clientId?: string;
    staffUserId?: string;
    now: Date;
  },
): Promise<{ message: ChatMessageRow; stored: boolean; firstFromVisitor: boolean }> {
  return db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(chatMessages)
      .values({
        conversationId: input.conversationId,
        by: input.by,
        body: input.body,
        clientId: input.clientId,
        staffUserId: input.staffUserId,
        createdAt: input.now,
      })
      .onConflictDoNothing()
      .returning();
    if (!inserted) {
      const [existing] = await tx
        .select()
        .from(chatMessages)
        .where(
          and(
            eq(chatMessages.conversationId, input.conversationId),
            eq(chatMessages.clientId, input.clientId ?? ''),
          ),
        );
      if (!existing) throw new Error('chat message conflict without a row');
      return { message: existing, stored: false, firstFromVisitor: false };
    }
    const fromVisitor = input.by === 'user';
    await tx
      .update(chatConversations)
      .set({
        lastMessageAt: input.now,
        lastMessageBy: input.by,
        ...(fromVisitor && { lastVisitorMessageId: inserted.id }),
        // Staff replying have read what came before.
        ...(input.by === 'mattermost' && {
          staffReadMessageId: sql`${chatConversations.lastVisitorMessageId}`,
        }),
      })
      .where(eq(chatConversations.id, input.conversationId));
    const claimed = fromVisitor
      ? await tx
          .update(chatConversations)
          .set({ salesNotifiedAt: input.now })
          .where(
            and(eq(chatConversations.id, input.conversationId), isNull(chatConversations.salesNotifiedAt)),
          )
          .returning({ id: chatConversations.id })
      : [];
    return { message: inserted, stored: true, firstFromVisitor: claimed.length > 0 };
  });
}

export function messagesAfter(db: Database, conversationId: string, afterId: number) {
  return db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.conversationId, conversationId), gt(chatMessages.id, afterId)))
    .orderBy(asc(chatMessages.id));
}

export async function setLocation(db: Database, id: string, location: Place | { error: LocationError }) {
  const place = 'error' in location ? { city: null, country: null } : location;
  await db
    .update(chatConversations)
    .set({ ...place, locationError: 'error' in location ? location.error : null })
    .where(eq(chatConversations.id, id));
}

/** Takes a TOTP step for the conversation unless it or a later one was used: a code works once. */
export async function claimTotpStep(db: Database, id: string, step: number): Promise<boolean> {
  const claimed = await db
    .update(chatConversations)
    .set({ lastTotpStep: step })
    .where(
      and(
        eq(chatConversations.id, id),
        or(isNull(chatConversations.lastTotpStep), lt(chatConversations.lastTotpStep, step)),
      ),
    )
    .returning({ id: chatConversations.id });
  return claimed.length > 0;
}

export async function closeConversation(db: Database, id: string, now: Date) {
  const closed = await db
    .update(chatConversations)
    .set({ status: 'closed', closedAt: now })
    .where(and(eq(chatConversations.id, id), eq(chatConversations.status, 'open')))
    .returning({ id: chatConversations.id });
  return closed.length > 0;
}

export async function markRead(db: Database, id: string) {
  await db
    .update(chatConversations)
    .set({ staffReadMessageId: sql`${chatConversations.lastVisitorMessageId}` })
    .where(eq(chatConversations.id, id));
}

export async function touchStaffPresence(db: Database, userId: string, now: Date) {
  await db
    .insert(chatStaffPresence)
    .values({ userId, seenAt: now })
    .onConflictDoUpdate({ target: chatStaffPresence.userId, set: { seenAt: now } });
}

export async function isStaffOnline(db: Database, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(chatStaffPresence)
    .where(gt(chatStaffPresence.seenAt, new Date(now.getTime() - STAFF_ONLINE_MS)));
  return (row?.n ?? 0) > 0;
}

/** Renews (or, with null, clears) the visitor-connected mark of the conversations whose sockets this replica holds. */
export async function markVisitorsSeen(db: Database, ids: string[], at: Date | null) {
  if (!ids.length) return;
  await db
    .update(chatConversations)
    .set({ visitorSeenAt: at })
    .where(
      sql`${chatConversations.id} in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    );
}

const isVisitorConnected = (row: ChatConversationRow, now: Date) =>
  row.visitorSeenAt !== null && now.getTime() - row.visitorSeenAt.getTime() < VISITOR_SEEN_MS;

export { isVisitorConnected };

const unanswered = and(eq(chatConversations.status, 'open'), eq(chatConversations.lastMessageBy, 'user'));

export async function countUnanswered(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(chatConversations).where(unanswered);
  return row?.n ?? 0;
}

function locationOf(row: ChatConversationRow): ConversationSummary['location'] {
  if (row.locationError) return { error: row.locationError as LocationError };
  if (row.city !== null && row.country !== null) return { city: row.city, country: row.country };
  return null;
}

export function toSummary(
  row: ChatConversationRow,
  lastMessage: ChatMessageRow | null,
  now: Date,
): ConversationSummary {
  return {
    id: row.id,
    visitor_name: row.visitorName,
    visitor_email: row.visitorEmail,
    locale: row.locale,
    page: row.page,
    location: locationOf(row),
    status: row.status,
    started_at: row.startedAt.toISOString(),
    last_message: lastMessage && toChatMessage(lastMessage),
    unread: row.lastVisitorMessageId > row.staffReadMessageId,
    unanswered: row.status === 'open' && row.lastMessageBy === 'user',
    visitor_connected: isVisitorConnected(row, now),
  };
}

const byActivity = {
  activity: { expr: sql`${chatConversations.lastMessageAt}`, cast: 'timestamptz' as const },
  id: { expr: sql`${chatConversations.id}::text`, cast: 'text' as const },
};

/** The inbox: newest activity first, filtered by status and a search over the visitor and the messages. */
export async function listInbox(db: Database, query: z.output<typeof InboxQuery>, now: Date) {
  const { limit } = query;
  const paging = keyset({
    keys: byActivity,
    unique: { name: 'id', column: byActivity.id.expr },
    sort: '-activity',
    cursor: query.cursor,
  });
  const search: SQL | undefined = query.q
    ? or(
        containing(chatConversations.visitorName, query.q),
        containing(chatConversations.visitorEmail, query.q),
        sql`exists (select 1 from ${chatMessages} where ${chatMessages.conversationId} = ${chatConversations.id} and ${containing(chatMessages.body, query.q)})`,
      )
    : undefined;
  const where = and(eq(chatConversations.status, query.status), search);
  const [rows, counted] = await Promise.all([
    db
      .select({ conversation: chatConversations, key: paging.keyValue })
      .from(chatConversations)
      .where(and(where, paging.after))
      .orderBy(...paging.orderBy)
      .limit(limit + 1),
    query.cursor ? null : boundedTotal(db, db.select({ one: sql`1` }).from(chatConversations).where(where)),
  ]);
  const page = rows.slice(0, limit).map((row) => row.conversation);
  const lastMessages = await lastMessagesOf(
    db,
    page.map((row) => row.id),
  );
  return {
    data: page.map((row) => toSummary(row, lastMessages.get(row.id) ?? null, now)),
    next_cursor: paging.nextCursor(rows, limit, (row) => row.conversation.id),
    ...pageTotal(counted),
  };
}

async function lastMessagesOf(db: Database, ids: string[]) {
  if (!ids.length) return new Map<string, ChatMessageRow>();
  const rows = await db
    .selectDistinctOn([chatMessages.conversationId])
    .from(chatMessages)
    .where(
      sql`${chatMessages.conversationId} in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    )
    .orderBy(chatMessages.conversationId, desc(chatMessages.id));
  return new Map(rows.map((row) => [row.conversationId, row]));
}

/** Sends `payload` to every connection listening on `channel`, once the transaction (if any) commits. */
export async function notifyChannel(db: Database, channel: string, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}
