import { INVITATION_LINK_VALID_MINUTES } from '@tidewatch/domain';
import type { Database } from '../db/client';
import { passwordResetTokens, users } from '../db/schema';
import { newLinkToken } from '../lib/link-tokens';

/**
 * Acme's people beyond the sign-in accounts: one invited two days ago who has not chosen a
 * password yet, and one who left and was deactivated, so user management's filters show both.
 */
export async function seedPeople(tx: Pick<Database, 'insert'>, now: Date, passwordHash: string | null) {
  const [invited] = await tx
    .insert(users)
    .values([
      { customerId: 'acmecorp', email: 'ivar@acme.example', name: 'Ivar Nielsen', language: 'da', roles: [] },
      {
        customerId: 'acmecorp',
        email: 'dora@acme.example',
        name: 'Dora Keller',
        roles: [],
        active: false,
        passwordHash,
      },
    ])
    .returning({ id: users.id });
  if (!invited) throw new Error('the demo invitation was not stored');
  const sent = new Date(now.getTime() - 2 * 24 * 60 * 60_000);
  await tx.insert(passwordResetTokens).values({
    // Nobody holds this link: the demo's manager resends the invitation to get a working one.
    id: newLinkToken().id,
    userId: invited.id,
    createdAt: sent,
    expiresAt: new Date(sent.getTime() + INVITATION_LINK_VALID_MINUTES * 60_000),
  });
}
