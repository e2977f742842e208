import { describe, expect, it } from 'vitest';
import { expiryAfter, tokenExpiry } from './expiry';

const now = new Date('2026-11-20T12:00:00Z');

describe('a token’s expiry', () => {
  it('is past once its time has come', () => {
    expect(tokenExpiry('2026-11-20T12:00:00Z', now)).toEqual({ kind: 'expired' });
    expect(tokenExpiry('2026-11-01T00:00:00Z', now)).toEqual({ kind: 'expired' });
  });

  it('counts the days left in the week before it, a part of a day as a day', () => {
    expect(tokenExpiry('2026-11-20T13:00:00Z', now)).toEqual({ kind: 'soon', days: 1 });
    expect(tokenExpiry('2026-11-22T12:00:00Z', now)).toEqual({ kind: 'soon', days: 2 });
    expect(tokenExpiry('2026-11-27T12:00:00Z', now)).toEqual({ kind: 'soon', days: 7 });
  });

  it('says nothing more when it is further off', () => {
    expect(tokenExpiry('2026-11-27T12:00:01Z', now)).toEqual({ kind: 'later' });
    expect(tokenExpiry('2027-02-18T12:00:00Z', now)).toEqual({ kind: 'later' });
  });

  it('of a new token is its lifetime in days from now', () => {
    expect(expiryAfter(90, now).toISOString()).toBe('2027-02-18T12:00:00.000Z');
  });
});
