import { eq } from 'drizzle-orm';
import { newApiToken } from '../core/api-tokens';
import type { Tx } from '../db/client';
import { apiTokens, auditLog, users } from '../db/schema';

const DAY_MS = 24 * 3_600_000;

/**
 * Acme's automation: an inventory sync that reads servers every few hours, and a change-calendar
 * hook that expires within the week (told already, so a fresh start mails no one). Their secrets
 * are random and thrown away: a demo token is seen, not used.
 */
export async function seedApiTokens(tx: Tx, now: Date): Promise<void> {
  const [manager] = await tx.select().from(users).where(eq(users.email, 'manager@acme.example')).limit(1);
  if (!manager) throw new Error('demo API tokens need Acme’s manager');
  const ago = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const [inventory, calendar] = await tx
    .insert(apiTokens)
    .values([
      {
        customerId: 'acmecorp',
        name: 'Inventory sync',
        scopes: ['servers:read', 'clusters:read'],
        secretHash: newApiToken().secretHash,
        createdBy: manager.id,
        createdAt: ago(40),
        expiresAt: ago(40 - 90),
        lastUsedAt: ago(2 / 24),
        lastUsedIp: '198.51.100.20',
      },
      {
        customerId: 'acmecorp',
        name: 'Change calendar',
        scopes: ['service_windows:read', 'service_windows:write'],
        secretHash: newApiToken().secretHash,
        createdBy: manager.id,
        createdAt: ago(85),
        expiresAt: ago(85 - 90),
        lastUsedAt: ago(3),
        lastUsedIp: '198.51.100.31',
        expiryMailedAt: ago(1),
      },
    ])
    .returning();
  if (!inventory || !calendar) throw new Error('demo API tokens');
  const actor = {
    actorId: manager.id,
    actorEmail: manager.email,
    subjectId: manager.id,
    subjectEmail: manager.email,
    subjectCustomerId: 'acmecorp',
  };
  await tx.insert(auditLog).values({
    ...actor,
    at: inventory.createdAt,
    action: 'api_token.create',
    method: 'POST',
    path: '/api/customer/acmecorp/api-tokens',
    status: 200,
    ip: '198.51.100.20',
    detail: {
      target: inventory.name,
      to: inventory.scopes.join(' '),
      apiToken: inventory.name,
      apiTokenId: inventory.id,
    },
  });
  // The change calendar asked for a machine to sit out a window: its write and the answer it got.
  const write = {
    ...actor,
    at: calendar.lastUsedAt ?? now,
    method: 'POST',
    path: '/api/customer/acmecorp/service-window/exemptions',
    ip: calendar.lastUsedIp,
    requestId: 'demo-api-token-write',
    detail: { apiToken: calendar.name, apiTokenId: calendar.id },
  };
  await tx.insert(auditLog).values([
    { ...write, action: 'api_token.write' },
    { ...write, action: 'api_token.outcome', status: 200 },
  ]);
}
