import { createHash, randomInt } from 'node:crypto';
import type { Database } from '../../db/client';
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
