import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { chatConversations, chatMessages } from '../db/schema';

const minutesBefore = (now: Date, minutes: number) => new Date(now.getTime() - minutes * 60_000);

type Line = [by: 'user' | 'bot' | 'mattermost', text: string, minutesAgo: number];

/**
 * The demo's site chats: one the visitor is waiting on (the sidebar badge shows 1), one answered
 * and one closed. Their tokens are thrown away, so no widget can join them.
 */
const DEMO_CHATS: {
  name: string;
  email: string;
  locale: 'en' | 'da';
  page: string;
  place: { city: string; country: string } | { error: string };
  status: 'open' | 'closed';
  lines: Line[];
}[] = [
  {
    name: 'Margaret Hamilton',
    email: 'margaret@apollo.example',
    locale: 'en',
    page: '/pricing',
    place: { city: 'Boston', country: 'United States' },
    status: 'open',
    lines: [
      [
        'bot',
        'Hi! Thanks for reaching out. Write your question and one of our engineers will answer here.',
        12,
      ],
      ['user', 'Does the Gold plan cover Kubernetes nodes as well as servers?', 11],
    ],
  },
  {
    name: 'Søren Kierkegaard',
    email: 'soren@kbh.example',
    locale: 'da',
    page: '/da/services',
    place: { city: 'Copenhagen', country: 'Denmark' },
    status: 'open',
    lines: [
      ['bot', 'Hej! Tak fordi du skriver. Skriv dit spørgsmål, så svarer en af vores teknikere her.', 95],
      ['user', 'Kan I hjælpe med NIS2-krav til vores servere?', 94],
      ['mattermost', 'Ja, det er en del af compliance-støtten. Skal vi ringe dig op i morgen?', 90],
    ],
  },
  {
    name: 'Linus Svensson',
    email: 'linus@fjord.example',
    locale: 'en',
    page: '/features',
    place: { error: 'backend couldnt find user ip' },
    status: 'closed',
    lines: [
      [
        'bot',
        'Hi! Thanks for reaching out. Write your question and one of our engineers will answer here.',
        3000,
      ],
      ['user', 'Is PostgreSQL 16 on your supported apps list?', 2999],
      ['mattermost', 'It is, with automated minor upgrades inside your service window.', 2990],
    ],
  },
];

export async function seedChat(db: Database, now: Date) {
  for (const chat of DEMO_CHATS) {
    const [first] = chat.lines;
    const last = chat.lines.at(-1);
    if (!first || !last) continue;
    const [conversation] = await db
      .insert(chatConversations)
      .values({
        tokenHash: randomBytes(32).toString('base64url'),
        totpSecret: 'unusable',
        visitorName: chat.name,
        visitorEmail: chat.email,
        locale: chat.locale,
        page: chat.page,
        ...('error' in chat.place ? { locationError: chat.place.error } : chat.place),
        status: chat.status,
        startedAt: minutesBefore(now, first[2]),
        lastMessageAt: minutesBefore(now, last[2]),
        lastMessageBy: last[0],
        salesNotifiedAt: minutesBefore(now, first[2]),
        ...(chat.status === 'closed' && { closedAt: minutesBefore(now, last[2] - 5) }),
      })
      .returning();
    if (!conversation) continue;
    const messages = await db
      .insert(chatMessages)
      .values(
        chat.lines.map(([by, body, minutesAgo]) => ({
          conversationId: conversation.id,
          by,
          body,
          createdAt: minutesBefore(now, minutesAgo),
        })),
      )
      .returning();
    const lastFromVisitor = messages.filter((message) => message.by === 'user').at(-1)?.id ?? 0;
    const answered = last[0] === 'mattermost';
    await db
      .update(chatConversations)
      .set({ lastVisitorMessageId: lastFromVisitor, staffReadMessageId: answered ? lastFromVisitor : 0 })
      .where(eq(chatConversations.id, conversation.id));
  }
}
