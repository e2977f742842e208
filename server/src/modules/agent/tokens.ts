import { createHash, randomBytes } from 'node:crypto';

/** Tokens and credentials are random; only their SHA-256 is stored. */
export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');
export const newSecret = (prefix: string) => `${prefix}_${randomBytes(24).toString('base64url')}`;
