import type { Tx } from '../db/client';
import { customerSso, ssoDomains } from '../db/schema';
import { DEMO_IDENTITY_PROVIDER } from './demo-identity-provider';

/** Globex signs in through the demo's identity provider; passwords stay on, so its manager still has one. */
export async function seedSso(tx: Tx, now: Date, sealSsoSecret: (secret: string) => string): Promise<void> {
  const provider = DEMO_IDENTITY_PROVIDER;
  await tx.insert(customerSso).values({
    customerId: 'globexco',
    issuer: provider.issuer,
    clientId: provider.clientId,
    clientSecretSealed: sealSsoSecret(provider.clientSecret),
    roleMapping: [{ group: provider.adminsGroup, role: 'customer_manager' }],
    ssoOnly: false,
    createdAt: now,
    updatedAt: now,
  });
  await tx.insert(ssoDomains).values({ domain: provider.domain, customerId: 'globexco' });
}
