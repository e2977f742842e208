import { createHash, randomInt } from 'node:crypto';
import { isStaffCustomer } from '@tidewatch/content';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { appendActivity } from '../../core/audit-log';
import type { Database } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { recoveryCodeUsedMail } from '../mail';
import { secondFactorsOf } from '../two-factor';
import { replaceRecoveryCodes, useRecoveryCode } from './repository';

export const RECOVERY_CODE_COUNT = 10;
// No 0/o, 1/l/i: codes are read off paper.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

const normalise = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');
const hashOf = (code: string) => createHash('sha256').update(normalise(code)).digest('hex');

function newCode(): string {
  const chars = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** Replaces a user's recovery codes with fresh ones and returns them (the only time they are shown). */
export async function issueRecoveryCodes(db: Database, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  await replaceRecoveryCodes(db, userId, codes.map(hashOf));
  return codes;
}

/** Uses up a recovery code; false when it is unknown or was used before. */
export function redeemRecoveryCode(db: Database, userId: string, code: string, at: Date) {
  return useRecoveryCode(db, userId, hashOf(code), at);
}

/**
 * Records a sign-in with a recovery code in the customer's activity and mails the user, saying how
 * many codes are left: a code someone else found must not go unnoticed.
 */
export async function reportRecoveryCodeUse(
  app: FastifyInstance,
  request: FastifyRequest,
  user: UserRow,
  publicUrl: string,
): Promise<void> {
  const isStaff = isStaffCustomer(user.customerId);
  await appendActivity(
    app.db,
    request,
    { user, impersonator: null, isStaff },
    'recovery_code.use',
    user.customerId,
    {
      target: user.email,
    },
  );
  const factors = (await secondFactorsOf(app.db, [user.id])).get(user.id);
  const mail = recoveryCodeUsedMail(user.language, {
    to: user.email,
    name: user.name,
    ip: request.ip,
    codesLeft: factors?.recoveryCodesLeft ?? 0,
    settingsUrl: `${publicUrl}/user/settings`,
  });
  await app.mailer.queue([mail], request.log);
}
