/**
 * A server's life: the install token reserves it (`registered`), the install script starts
 * (`installing`) and either fails (`install_failed`, retried with the same token) or registers
 * (`active`); an active server that stops pinging turns `stale` and comes back with its next ping;
 * `decommissioned` is final.
 */
export const SERVER_STATUSES = [
  'registered',
  'installing',
  'install_failed',
  'active',
  'stale',
  'decommissioned',
] as const;
export type ServerStatus = (typeof SERVER_STATUSES)[number];

const NEXT: Record<ServerStatus, readonly ServerStatus[]> = {
  registered: ['installing', 'decommissioned'],
  installing: ['active', 'install_failed', 'decommissioned'],
  install_failed: ['installing', 'decommissioned'],
  active: ['stale', 'decommissioned'],
  stale: ['active', 'decommissioned'],
  decommissioned: [],
};

export function canTransition(from: ServerStatus, to: ServerStatus): boolean {
  return NEXT[from].includes(to);
}

/** Agents ping every few minutes; this long without one means something is wrong. */
export const STALE_AFTER_MS = 2 * 60 * 60 * 1000;

/** Whether an active server's silence has lasted long enough to call it stale. */
export function isStale(lastPingAt: Date | null, now: Date, staleAfterMs = STALE_AFTER_MS): boolean {
  return lastPingAt !== null && now.getTime() - lastPingAt.getTime() >= staleAfterMs;
}

/** Statuses that are billed: the server runs the agent (whether it pinged lately or not). */
export const SUBSCRIBED_STATUSES: readonly ServerStatus[] = ['active', 'stale'];
