import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './format';

const now = new Date('2026-11-22T12:00:00Z');

describe('relative times', () => {
  it('uses the largest whole unit', () => {
    expect(formatRelativeTime('2026-11-22T11:55:00Z', now, 'en')).toBe('5 minutes ago');
    expect(formatRelativeTime('2026-11-22T07:00:00Z', now, 'en')).toBe('5 hours ago');
    expect(formatRelativeTime('2026-11-21T12:00:00Z', now, 'en')).toBe('yesterday');
    expect(formatRelativeTime('2026-11-22T11:59:58Z', now, 'en')).toBe('2 seconds ago');
  });

  it('speaks Danish, and short where space is tight', () => {
    expect(formatRelativeTime('2026-11-22T11:55:00Z', now, 'da')).toBe('for 5 minutter siden');
    expect(formatRelativeTime('2026-11-22T11:55:00Z', now, 'en', 'short')).toBe('5 min. ago');
  });
});
