import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { auditLog } from '../db/schema';
import type { AuthContext } from './session';

export type AuditEntry = typeof auditLog.$inferInsert;

export async function appendAudit(db: Pick<Database, 'insert'>, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values(entry);
}

/** What a customer's activity says changed; kept in the row's `detail`. */
export interface ActivityDetail {
  target?: string;
  from?: string | null;
  to?: string | null;
  /** The API token the change was made with: its name as it was then, and its id. */
  apiToken?: string;
  apiTokenId?: string;
}

/**
 * Appends an event of a customer's activity, made by the signed-in caller: the person who acted
 * (the admin when impersonating) and the account they acted as. Pass the transaction making the
 * change, so that a change the log could not record does not happen.
 */
export async function appendActivity(
  db: Pick<Database, 'insert'>,
  request: FastifyRequest,
  auth: Pick<AuthContext, 'user' | 'impersonator' | 'isStaff'>,
  action:
    | 'sign_in'
    | 'change_request.merge'
    | 'user.change'
    | 'plan.change'
    | 'api_token.create'
    | 'api_token.revoke'
    | 'recovery_code.use'
    | 'two_factor.require'
    | 'passkey.add'
    | 'passkey.remove'
    | 'sso.configure'
    | 'sso.change'
    | 'sso.remove'
    | 'sso.sign_in',
  customerId: string,
  detail: ActivityDetail = {},
): Promise<void> {
  const actor = auth.impersonator ?? auth.user;
  await appendAudit(db, {
    at: request.server.now(),
    action,
    actorId: actor.id,
    actorEmail: actor.email,
    actorStaff: auth.isStaff || auth.impersonator !== null,
    subjectId: auth.user.id,
    subjectEmail: auth.user.email,
    subjectCustomerId: customerId,
    reason: auth.impersonator ? request.auth?.session.impersonationReason : null,
    method: request.method,
    path: request.url.split('?')[0] ?? request.url,
    status: 200,
    ip: request.ip,
    requestId: request.id,
    detail,
  });
}
