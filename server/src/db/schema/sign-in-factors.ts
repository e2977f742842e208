import { sql } from 'drizzle-orm';
import { bigint, boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bytes } from './bytes';
import { customers } from './customers';
import { users } from './users';

/** A user's registered passkey (WebAuthn credential); the public key verifies each sign-in. */
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The authenticator's credential id, base64url; unique across every user. */
    credentialId: text('credential_id').notNull().unique(),
    publicKey: bytes('public_key').notNull(),
    /** The signature counter last seen; one that goes backwards means a cloned authenticator. */
    counter: bigint('counter', { mode: 'number' }).notNull(),
    transports: text('transports').array().notNull().default(sql`'{}'::text[]`),
    /** Synced to several devices (multiDevice) or kept on one (singleDevice). */
    deviceType: text('device_type', { enum: ['singleDevice', 'multiDevice'] }).notNull(),
    backedUp: boolean('backed_up').notNull(),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (table) => [index('passkeys_user_idx').on(table.userId)],
);
export type PasskeyRow = typeof passkeys.$inferSelect;

/** A WebAuthn challenge handed out and not yet answered: each is used once, and only until it expires. */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    challenge: text('challenge').notNull().unique(),
    purpose: text('purpose', { enum: ['registration', 'authentication'] }).notNull(),
    /** Who registers; null for a passkey sign-in, where the credential names the user. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('webauthn_challenges_expires_idx').on(table.expiresAt)],
);

/** A customer's own OpenID Connect identity provider (single sign-on). */
export const customerSso = pgTable('customer_sso', {
  customerId: text('customer_id')
    .primaryKey()
    .references(() => customers.id, { onDelete: 'cascade' }),
  issuer: text('issuer').notNull(),
  clientId: text('client_id').notNull(),
  /** Sealed with a key derived from APP_SECRET; never answered to anyone. */
  clientSecretSealed: text('client_secret_sealed').notNull(),
  /** IdP group → our role; a user with none of the groups gets no role (a plain user). */
  roleMapping: jsonb('role_mapping').$type<{ group: string; role: string }[]>().notNull(),
  /** Passwords are off for the customer's users: they sign in through the provider only. */
  ssoOnly: boolean('sso_only').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
export type CustomerSsoRow = typeof customerSso.$inferSelect;

/** The email domains of a customer's provider; the primary key lets no domain belong to two customers. */
export const ssoDomains = pgTable(
  'sso_domains',
  {
    /** Lower-cased. */
    domain: text('domain').primaryKey(),
    customerId: text('customer_id')
      .notNull()
      .references(() => customerSso.customerId, { onDelete: 'cascade' }),
  },
  (table) => [index('sso_domains_customer_idx').on(table.customerId)],
);

/** A company sign-in under way: its state is used once, with the nonce and PKCE verifier it was started with. */
export const ssoFlows = pgTable(
  'sso_flows',
  {
    state: text('state').primaryKey(),
    customerId: text('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    /** The portal page to land on afterwards. */
    returnTo: text('return_to'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('sso_flows_expires_idx').on(table.expiresAt)],
);
