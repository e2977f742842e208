import { createHash, randomBytes } from 'node:crypto';
import { INSTALL_TOKEN_TTL_MS } from '@tidewatch/contract';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type InstallTokenRow, installTokens } from '../../db/schema';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Tokens and credentials are random; only their SHA-256 is stored. */
export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');
export const newSecret = (prefix: string) => `${prefix}_${randomBytes(24).toString('base64url')}`;

export async function createInstallToken(
  db: Database | Tx,
  input: {
    customerId: string;
    kind: 'server' | 'cluster';
    certname: string;
    serverId?: string;
    clusterId?: string;
    createdById: string | null;
    now: Date;
  },
): Promise<{ row: InstallTokenRow; token: string; expiresAt: Date }> {
  const token = newSecret('twi');
  const expiresAt = new Date(input.now.getTime() + INSTALL_TOKEN_TTL_MS);
  const [row] = await db
    .insert(installTokens)
    .values({
      customerId: input.customerId,
      kind: input.kind,
      tokenHash: hashSecret(token),
      certname: input.certname,
      serverId: input.serverId ?? null,
      clusterId: input.clusterId ?? null,
      createdById: input.createdById,
      createdAt: input.now,
      expiresAt,
    })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return { row, token, expiresAt };
}

export async function findTokenByHash(db: Database, token: string): Promise<InstallTokenRow | null> {
  const [row] = await db
    .select()
    .from(installTokens)
    .where(eq(installTokens.tokenHash, hashSecret(token)))
    .limit(1);
  return row ?? null;
}
