import { describe, expect, it } from 'vitest';
import {
  monthBounds,
  monthFraction,
  planChangeEffectiveAt,
  planChangeKind,
  startOfNextMonth,
  TRIAL_REMINDER_DAYS,
  trialReminderFrom,
} from './plan-changes';
import type { PlanId } from './pricing';

describe('plan change kinds', () => {
  it.each([
    ['basic', 'bronze', 'upgrade'],
    ['bronze', 'platinum', 'upgrade'],
    [null, 'basic', 'upgrade'],
    ['gold', 'silver', 'downgrade'],
    ['platinum', 'basic', 'downgrade'],
    ['silver', null, 'cancellation'],
    ['silver', 'silver', 'unchanged'],
    [null, null, 'unchanged'],
  ] as [PlanId | null, PlanId | null, string][])('%s → %s is a %s', (from, to, kind) => {
    expect(planChangeKind(from, to)).toBe(kind);
  });
});

describe('when a change takes effect', () => {
  it.each([
    ['upgrade', '2026-11-17T10:30:00Z', '2026-11-17T10:30:00.000Z'],
    ['downgrade', '2026-11-17T10:30:00Z', '2026-12-01T00:00:00.000Z'],
    ['cancellation', '2026-11-17T10:30:00Z', '2026-12-01T00:00:00.000Z'],
    ['downgrade', '2026-12-31T23:59:59Z', '2027-01-01T00:00:00.000Z'],
    ['cancellation', '2026-11-01T00:00:00Z', '2026-12-01T00:00:00.000Z'],
    ['downgrade', '2028-02-29T12:00:00Z', '2028-03-01T00:00:00.000Z'],
  ] as const)('a %s asked for at %s applies at %s', (kind, at, expected) => {
    expect(planChangeEffectiveAt(kind, new Date(at)).toISOString()).toBe(expected);
  });

  it('the next month starts on its first day at midnight UTC', () => {
    expect(startOfNextMonth(new Date('2026-01-31T23:00:00Z')).toISOString()).toBe('2026-02-01T00:00:00.000Z');
  });
});

describe('proration fractions', () => {
  const at = (iso: string) => new Date(iso);
  it.each([
    ['the whole month', { from: at('2026-10-01T00:00:00Z'), to: null }, '2026-11', 1],
    ['from the 16th of a 30-day month', { from: at('2026-11-16T00:00:00Z'), to: null }, '2026-11', 0.5],
    ['until the 16th', { from: at('2026-10-05T00:00:00Z'), to: at('2026-11-16T00:00:00Z') }, '2026-11', 0.5],
    [
      'a day of February',
      { from: at('2026-02-10T00:00:00Z'), to: at('2026-02-11T00:00:00Z') },
      '2026-02',
      1 / 28,
    ],
    [
      'a day of a leap February',
      { from: at('2028-02-10T00:00:00Z'), to: at('2028-02-11T00:00:00Z') },
      '2028-02',
      1 / 29,
    ],
    [
      'a period of another month',
      { from: at('2026-09-01T00:00:00Z'), to: at('2026-10-01T00:00:00Z') },
      '2026-11',
      0,
    ],
    ['a period starting next month', { from: at('2026-12-01T00:00:00Z'), to: null }, '2026-11', 0],
    ['an empty period', { from: at('2026-11-10T00:00:00Z'), to: at('2026-11-10T00:00:00Z') }, '2026-11', 0],
  ])('%s', (_name, period, month, fraction) => {
    expect(monthFraction(period, month)).toBeCloseTo(fraction, 12);
  });

  it('an upgrade mid-month splits the month into fractions that add up to one', () => {
    const upgradeAt = at('2026-11-17T10:30:00Z');
    const before = monthFraction({ from: at('2026-10-01T00:00:00Z'), to: upgradeAt }, '2026-11');
    const after = monthFraction({ from: upgradeAt, to: null }, '2026-11');
    expect(before + after).toBeCloseTo(1, 12);
  });

  it('months are read as YYYY-MM', () => {
    expect(monthBounds('2026-12')).toEqual({
      start: at('2026-12-01T00:00:00Z'),
      end: at('2027-01-01T00:00:00Z'),
    });
  });
});

describe('the trial reminder', () => {
  it(`starts ${TRIAL_REMINDER_DAYS} days before the trial ends`, () => {
    expect(trialReminderFrom(new Date('2026-12-08T09:00:00Z'))).toEqual(new Date('2026-12-01T09:00:00Z'));
  });
});
