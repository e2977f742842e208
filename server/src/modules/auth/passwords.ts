import { hash, verify } from '@node-rs/argon2';

/** argon2id with the library's defaults (m=19456 KiB, t=2, p=1), as OWASP recommends. */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password. With no hash (unknown email, or no password set yet) it verifies against a
 * dummy hash anyway, so both failures take the same time and reveal nothing.
 */
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (storedHash) return verify(storedHash, password).catch(() => false);
  dummyHash ??= hash('dummy password for timing');
  await verify(await dummyHash, password).catch(() => false);
  return false;
}
