import {
  API_TOKEN_WARNING_DAYS,
  API_TOKENS_PER_CUSTOMER,
  type ApiToken,
  contract,
  REFUSALS,
} from '@tidewatch/contract';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { requireOwnSession, tenantOf } from '../../core/access';
import { newApiToken } from '../../core/api-tokens';
import { appendActivity } from '../../core/audit-log';
import { implement } from '../../core/route';
import type { Database } from '../../db/client';
import { conflict, forbidden, notFound } from '../../lib/http-error';
import { runPeriodically } from '../../lib/periodic';
import { apiTokenExpiringMail, type Mailer } from '../mail';
import { managersOf } from '../users';
import {
  claimExpiringTokens,
  customerOf,
  insertToken,
  type ListedApiToken,
  revokeToken,
  tokensOf,
} from './repository';

const DAY_MS = 24 * 60 * 60 * 1000;
const EXPIRY_CHECK_EVERY_MS = 60 * 60 * 1000;

function toApiToken(row: ListedApiToken): ApiToken {
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes,
    created_by: row.createdByEmail,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    last_used_ip: row.lastUsedIp,
  };
}

export async function apiTokenRoutes(app: FastifyInstance) {
  const { db } = app;

  implement(app, contract.apiTokens, {
    async list(request) {
      const rows = await tokensOf(db, tenantOf(request).customerId);
      return { data: rows.map(toApiToken) };
    },
    async create(request) {
      // A token is its maker's credential: staff and impersonators make none for a customer.
      const auth = requireOwnSession(request);
      const { customerId } = tenantOf(request);
      if (auth.isStaff || auth.user.customerId !== customerId) throw forbidden(REFUSALS.apiTokensOwnSignIn);
      const { name, scopes, expires_in_days } = request.body;
      const at = app.now();
      const { token, secretHash } = newApiToken();
      const row = await db.transaction(async (tx) => {
        const stored = await insertToken(
          tx,
          {
            customerId,
            name,
            scopes,
            secretHash,
            createdBy: auth.user.id,
            createdAt: at,
            expiresAt: new Date(at.getTime() + expires_in_days * DAY_MS),
          },
          API_TOKENS_PER_CUSTOMER,
          at,
        );
        if (stored === 'too many')
          throw conflict(REFUSALS.tooManyApiTokens, { max: API_TOKENS_PER_CUSTOMER });
        await appendActivity(tx, request, auth, 'api_token.create', customerId, {
          target: name,
          to: scopes.join(' '),
          apiToken: name,
          apiTokenId: stored.id,
        });
        return stored;
      });
      return { ...toApiToken({ ...row, createdByEmail: auth.user.email }), token };
    },
    async revoke(request) {
      const { customerId } = tenantOf(request);
      const auth = requireOwnSession(request);
      const revoked = await db.transaction(async (tx) => {
        const row = await revokeToken(tx, customerId, request.params.token_id, app.now());
        if (row) {
          await appendActivity(tx, request, auth, 'api_token.revoke', customerId, {
            target: row.name,
            apiToken: row.name,
            apiTokenId: row.id,
          });
        }
        return row;
      });
      if (!revoked) throw notFound(REFUSALS.noSuchApiToken);
    },
  });
}

/** Mails the managers of each customer whose token expires within a week, once per token. */
export async function warnOfExpiringTokens(
  db: Database,
  mailer: Mailer,
  log: FastifyBaseLogger,
  at: Date,
  publicUrl: string,
): Promise<{ tokens: number }> {
  const expiring = await claimExpiringTokens(db, at, API_TOKEN_WARNING_DAYS * DAY_MS);
  for (const token of expiring) {
    const [managers, customer] = await Promise.all([
      managersOf(db, token.customerId),
      customerOf(db, token.customerId),
    ]);
    await mailer.queue(
      managers.map((manager) =>
        apiTokenExpiringMail(manager.language, {
          to: manager.email,
          company: customer.company,
          name: token.name,
          scopes: token.scopes,
          expiresAt: token.expiresAt,
          timezone: customer.timezone,
          tokensUrl: `${publicUrl}/customer/api-tokens`,
        }),
      ),
      log.child({ apiTokenId: token.id }),
    );
  }
  return { tokens: expiring.length };
}

/** The hourly look for tokens about to expire. */
export const apiTokenExpiryJob = fp(async (app: FastifyInstance, options: { publicUrl: string }) => {
  runPeriodically(app, 'api token expiry warnings', EXPIRY_CHECK_EVERY_MS, () =>
    warnOfExpiringTokens(app.db, app.mailer, app.log, app.now(), options.publicUrl),
  );
});
