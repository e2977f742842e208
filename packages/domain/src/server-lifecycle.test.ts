import { describe, expect, it } from 'vitest';
import { canTransition, isStale, SERVER_STATUSES, STALE_AFTER_MS } from './server-lifecycle';

describe('server lifecycle', () => {
  it('follows registered → installing → install_failed | active → stale → decommissioned', () => {
    expect(canTransition('registered', 'installing')).toBe(true);
    expect(canTransition('installing', 'active')).toBe(true);
    expect(canTransition('installing', 'install_failed')).toBe(true);
    expect(canTransition('install_failed', 'installing')).toBe(true);
    expect(canTransition('active', 'stale')).toBe(true);
    expect(canTransition('stale', 'active')).toBe(true);
  });

  it('never skips installing and never leaves decommissioned', () => {
    expect(canTransition('registered', 'active')).toBe(false);
    expect(canTransition('install_failed', 'active')).toBe(false);
    expect(canTransition('active', 'installing')).toBe(false);
    for (const status of SERVER_STATUSES) {
      expect(canTransition('decommissioned', status)).toBe(false);
      if (status !== 'decommissioned') expect(canTransition(status, 'decommissioned')).toBe(true);
    }
  });

  it('calls a server stale once it has been silent for the threshold', () => {
    const now = new Date('2026-11-02T12:00:00Z');
    expect(isStale(new Date(now.getTime() - STALE_AFTER_MS + 1), now)).toBe(false);
    expect(isStale(new Date(now.getTime() - STALE_AFTER_MS), now)).toBe(true);
    expect(isStale(null, now)).toBe(false);
    expect(isStale(new Date(now.getTime() - 60_000), now, 30_000)).toBe(true);
  });
});
