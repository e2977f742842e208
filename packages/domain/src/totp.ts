import { Secret, TOTP } from 'otpauth';

/** One-time code defaults (spec section 9): SHA-1, 6 digits, 30 seconds. */
export const TOTP_DEFAULTS = { algorithm: 'SHA1', digits: 6, period: 30 } as const;

export const INVALID_BASE32_MESSAGE = 'Invalid base32 character in key';

/** Upper-cases and strips spaces, dashes and padding; throws the spec's message on anything else. */
export function normaliseBase32(key: string): string {
  const compact = key.replace(/[\s-]/g, '').toUpperCase();
  if (!/^[A-Z2-7]+=*$/.test(compact)) throw new Error(INVALID_BASE32_MESSAGE);
  return compact.replace(/=+$/, '');
}

export interface TotpOptions {
  period?: number;
  label?: string;
  issuer?: string;
}

function totpOf(secretBase32: string, options: TotpOptions = {}): TOTP {
  return new TOTP({
    ...TOTP_DEFAULTS,
    period: options.period ?? TOTP_DEFAULTS.period,
    label: options.label ?? 'account',
    ...(options.issuer && { issuer: options.issuer }),
    secret: Secret.fromBase32(normaliseBase32(secretBase32)),
  });
}

/** A fresh random 160-bit secret, base32-encoded. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function generateTotpCode(
  secretBase32: string,
  timestampMs: number,
  options: TotpOptions = {},
): string {
  return totpOf(secretBase32, options).generate({ timestamp: timestampMs });
}

/**
 * The time step a code belongs to when it is valid within one step either side of now, else
 * null. Callers remember the last step used so a code cannot be replayed.
 */
export function matchTotpStep(
  secretBase32: string,
  code: string,
  timestampMs: number,
  options: TotpOptions = {},
): number | null {
  const period = options.period ?? TOTP_DEFAULTS.period;
  const delta = totpOf(secretBase32, options).validate({ token: code, timestamp: timestampMs, window: 1 });
  return delta === null ? null : Math.floor(timestampMs / 1000 / period) + delta;
}

/** The otpauth:// URI an authenticator app reads from a QR code. */
export function totpUri(secretBase32: string, label: string, issuer: string): string {
  return totpOf(secretBase32, { label, issuer }).toString();
}
