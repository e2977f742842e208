import { describe, expect, it } from 'vitest';
import { generateTotpCode, matchTotpStep, newTotpSecret, normaliseBase32, totpUri } from './totp';

// RFC 6238's SHA-1 test key ("12345678901234567890") in base32.
const RFC_KEY = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

describe('TOTP', () => {
  it('generates the RFC 6238 test vectors (6 digits)', () => {
    expect(generateTotpCode(RFC_KEY, 59_000)).toBe('287082');
    expect(generateTotpCode(RFC_KEY, 1_111_111_109_000)).toBe('081804');
    expect(generateTotpCode(RFC_KEY, 2_000_000_000_000)).toBe('279037');
  });

  it('raises the spec message for a key that is not base32', () => {
    expect(() => generateTotpCode('not base32!', 0)).toThrow('Invalid base32 character in key');
    expect(() => normaliseBase32('ABC1')).toThrow('Invalid base32 character in key');
  });

  it('accepts keys typed with spaces, dashes and lower case', () => {
    expect(normaliseBase32('gezd gnbv-gy3t')).toBe('GEZDGNBVGY3T');
  });

  it('matches a code within one step either side and tells its step', () => {
    const now = 1_800_000_000_000;
    const step = Math.floor(now / 30_000);
    expect(matchTotpStep(RFC_KEY, generateTotpCode(RFC_KEY, now), now)).toBe(step);
    expect(matchTotpStep(RFC_KEY, generateTotpCode(RFC_KEY, now - 30_000), now)).toBe(step - 1);
    expect(matchTotpStep(RFC_KEY, generateTotpCode(RFC_KEY, now - 90_000), now)).toBeNull();
  });

  it('supports other periods, such as the location lookup code of 100 s', () => {
    const code = generateTotpCode(RFC_KEY, 250_000, { period: 100 });
    expect(code).toBe(generateTotpCode(RFC_KEY, 200_000, { period: 100 }));
    expect(code).not.toBe(generateTotpCode(RFC_KEY, 300_000, { period: 100 }));
  });

  it('makes fresh 160-bit secrets and an otpauth URI for authenticator apps', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
    expect(totpUri(secret, 'manager@acme.example', 'Tidewatch')).toBe(
      `otpauth://totp/Tidewatch:manager%40acme.example?issuer=Tidewatch&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
    );
  });
});
