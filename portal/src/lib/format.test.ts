import { describe, expect, it } from 'vitest';
import { formatEuros, formatPercent, formatRelativeTime, formatWallClock } from './format';

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

describe('money, shares and times', () => {
  it('writes euros as each language does', () => {
    expect(formatEuros(9000, 'en')).toBe('€9,000.00');
    expect(formatEuros(9000, 'da')).toBe('9.000,00\u00a0€');
  });
  it('keeps a tenth of a percent and never rounds up to a threshold', () => {
    expect(formatPercent(77.9991, 'en')).toBe('77.9%');
    expect(formatPercent(77.9991, 'da')).toBe('77,9\u00a0%');
    expect(formatPercent(79.96, 'en')).toBe('79.9%');
    expect(formatPercent(100, 'en')).toBe('100%');
  });
  it('writes a wall-clock time as each language does', () => {
    expect(formatWallClock('08:30', 'en')).toBe('08:30');
    expect(formatWallClock('08:30', 'da')).toBe('08.30');
  });
});
