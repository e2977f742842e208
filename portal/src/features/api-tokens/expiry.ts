import { API_TOKEN_WARNING_DAYS } from '@tidewatch/contract';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Where a token stands against its end: past it, within the week its managers are warned in, or later. */
export type TokenExpiry = { kind: 'expired' } | { kind: 'soon'; days: number } | { kind: 'later' };

/** A token's expiry as the list shows it; a part of a day left counts as a day. */
export function tokenExpiry(expiresAt: string, now: Date): TokenExpiry {
  const left = new Date(expiresAt).getTime() - now.getTime();
  if (left <= 0) return { kind: 'expired' };
  const days = Math.ceil(left / DAY_MS);
  return days <= API_TOKEN_WARNING_DAYS ? { kind: 'soon', days } : { kind: 'later' };
}

/** When a token made now for this many days stops working. */
export const expiryAfter = (days: number, now: Date) => new Date(now.getTime() + days * DAY_MS);
