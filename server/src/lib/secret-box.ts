import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Encrypts small secrets at rest (authenticator keys) with AES-256-GCM under a key derived from
 * the app secret, so a copy of the database alone does not yield them.
 */
export function createSecretBox(appSecret: string, purpose: string) {
  const key = Buffer.from(hkdfSync('sha256', appSecret, 'tidewatch', purpose, 32));
  return {
    seal(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), sealed]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(box: string): string {
      const [version, iv, tag, sealed] = box.split('.');
      if (version !== 'v1' || !iv || !tag || !sealed) throw new Error('Not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}
export type SecretBox = ReturnType<typeof createSecretBox>;
