/** Session lifetimes (decided in docs/decisions/0004-sessions-and-xsrf.md). */
export const SESSION_POLICY = {
  /** Inactivity after which a customer's session ends. */
  customerIdleMs: 30 * 60_000,
  /** Staff sessions (and impersonations, which are staff acting) end sooner. */
  staffIdleMs: 15 * 60_000,
  /** Nothing extends a session past this. */
  absoluteMs: 12 * 60 * 60_000,
  /** last_seen_at is written at most this often (and after the response), to spare the database a write per request. */
  touchEveryMs: 60_000,
} as const;

export function idleTimeoutMs(actsAsStaff: boolean): number {
  return actsAsStaff ? SESSION_POLICY.staffIdleMs : SESSION_POLICY.customerIdleMs;
}
