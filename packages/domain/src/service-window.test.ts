import { describe, expect, it } from 'vitest';
import {
  clockChangeDuring,
  occurrencesBetween,
  type WeeklyWindow,
  windowOutcome,
  windowStatusAt,
  zonedInstant,
} from './service-window';

const iso = (date: Date) => date.toISOString();

describe('zonedInstant across DST', () => {
  it.each([
    // Copenhagen: CET +01:00, CEST +02:00 from 29 March 2026 02:00, back on 25 October 03:00.
    ['Europe/Copenhagen', '2026-03-28', '02:00', '2026-03-28T01:00:00.000Z'],
    ['Europe/Copenhagen', '2026-03-30', '02:00', '2026-03-30T00:00:00.000Z'],
    ['Europe/Copenhagen', '2026-10-24', '02:00', '2026-10-24T00:00:00.000Z'],
    ['Europe/Copenhagen', '2026-10-26', '02:00', '2026-10-26T01:00:00.000Z'],
    // New York: EST -05:00, EDT -04:00 from 8 March 2026 02:00, back on 1 November 02:00.
    ['America/New_York', '2026-03-07', '02:00', '2026-03-07T07:00:00.000Z'],
    ['America/New_York', '2026-03-09', '02:00', '2026-03-09T06:00:00.000Z'],
    ['America/New_York', '2026-10-31', '02:00', '2026-10-31T06:00:00.000Z'],
    ['America/New_York', '2026-11-02', '02:00', '2026-11-02T07:00:00.000Z'],
  ])('%s %s %s is %s', (zone, date, time, expected) => {
    expect(iso(zonedInstant(date, time, zone))).toBe(expected);
  });

  it.each([
    // The spring-forward gap: read with the offset before it, so the window starts as late as the gap is long.
    ['Europe/Copenhagen', '2026-03-29', '02:00', '2026-03-29T01:00:00.000Z'],
    ['Europe/Copenhagen', '2026-03-29', '02:30', '2026-03-29T01:30:00.000Z'],
    ['America/New_York', '2026-03-08', '02:15', '2026-03-08T07:15:00.000Z'],
  ])('a start in the gap (%s %s %s) moves forward by the gap', (zone, date, time, expected) => {
    expect(iso(zonedInstant(date, time, zone))).toBe(expected);
  });

  it.each([
    // The repeated autumn hour: its first occurrence, still on summer time.
    ['Europe/Copenhagen', '2026-10-25', '02:00', '2026-10-25T00:00:00.000Z'],
    ['Europe/Copenhagen', '2026-10-25', '02:45', '2026-10-25T00:45:00.000Z'],
    ['America/New_York', '2026-11-01', '01:30', '2026-11-01T05:30:00.000Z'],
  ])('a start in the repeated hour (%s %s %s) is its first occurrence', (zone, date, time, expected) => {
    expect(iso(zonedInstant(date, time, zone))).toBe(expected);
  });
});

describe('occurrencesBetween', () => {
  const nightly: WeeklyWindow = {
    weekdays: [1, 2, 3, 4, 5, 6, 7],
    start: '02:00',
    durationMinutes: 120,
    timezone: 'Europe/Copenhagen',
  };
  const localStart = (date: Date, zone: string) =>
    new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit' }).format(date);

  it('keeps a 02:00 Copenhagen window at 02:00 local across both changes (except the gap day)', () => {
    const spring = occurrencesBetween(nightly, new Date('2026-03-27T00:00Z'), new Date('2026-04-01T00:00Z'));
    const autumn = occurrencesBetween(nightly, new Date('2026-10-23T00:00Z'), new Date('2026-10-28T00:00Z'));
    for (const occurrence of [...spring, ...autumn]) {
      const expected = occurrence.localDate === '2026-03-29' ? '03:00' : '02:00';
      expect(localStart(occurrence.startsAt, nightly.timezone)).toBe(expected);
    }
    expect(spring.map((occurrence) => occurrence.localDate)).toEqual([
      '2026-03-27',
      '2026-03-28',
      '2026-03-29',
      '2026-03-30',
      '2026-03-31',
    ]);
    expect(autumn).toHaveLength(5);
  });

  it('lasts its duration in real time, also over the change', () => {
    const [autumnNight] = occurrencesBetween(
      nightly,
      new Date('2026-10-25T00:00Z'),
      new Date('2026-10-25T01:00Z'),
    );
    expect(autumnNight?.endsAt.getTime()).toBe(Date.parse('2026-10-25T02:00:00Z'));
  });

  it('keeps a Saturday 22:00 New York window on Saturday evening in both seasons', () => {
    const saturdays: WeeklyWindow = {
      weekdays: [6],
      start: '22:00',
      durationMinutes: 180,
      timezone: 'America/New_York',
    };
    const found = occurrencesBetween(saturdays, new Date('2026-02-28T00:00Z'), new Date('2026-03-22T00:00Z'));
    expect(found.map((occurrence) => occurrence.localDate)).toEqual([
      '2026-02-28',
      '2026-03-07',
      '2026-03-14',
    ]);
    expect(found.map((occurrence) => iso(occurrence.startsAt))).toEqual([
      '2026-03-01T03:00:00.000Z',
      '2026-03-08T03:00:00.000Z',
      '2026-03-15T02:00:00.000Z',
    ]);
  });

  it('gives the same windows when expanded again or in overlapping pieces', () => {
    const whole = occurrencesBetween(nightly, new Date('2026-03-01T00:00Z'), new Date('2026-04-26T00:00Z'));
    const pieces = [
      ...occurrencesBetween(nightly, new Date('2026-03-01T00:00Z'), new Date('2026-03-29T01:00Z')),
      ...occurrencesBetween(nightly, new Date('2026-03-29T01:00Z'), new Date('2026-04-26T00:00Z')),
    ];
    expect(pieces).toEqual(whole);
    expect(new Set(whole.map((occurrence) => occurrence.localDate)).size).toBe(whole.length);
  });
});

describe('windowStatusAt', () => {
  const window = {
    startsAt: new Date('2026-05-01T00:00Z'),
    endsAt: new Date('2026-05-01T02:00Z'),
    targets: 2,
    reported: 0,
  };
  it.each([
    ['2026-04-30T23:59Z', 0, 'scheduled'],
    ['2026-05-01T00:00Z', 0, 'open'],
    ['2026-05-01T01:00Z', 1, 'open'],
    ['2026-05-01T01:00Z', 2, 'closed'],
    ['2026-05-01T02:00Z', 1, 'expired'],
    ['2026-05-01T02:00Z', 2, 'closed'],
  ] as const)('at %s with %i reported it is %s', (now, reported, status) => {
    expect(windowStatusAt({ ...window, reported }, new Date(now))).toBe(status);
  });
});

describe('clockChangeDuring', () => {
  const zone = 'Europe/Copenhagen';
  it.each([
    ['a window across the spring change', '2027-03-28T00:30:00Z', '2027-03-28T02:30:00Z', 60],
    ['a window across the autumn change', '2027-10-31T00:00:00Z', '2027-10-31T02:00:00Z', -60],
    ['a window the night before', '2027-03-27T01:00:00Z', '2027-03-27T03:00:00Z', 0],
  ])('%s moves the clocks %s → %s by %i minutes', (_, start, end, minutes) => {
    expect(clockChangeDuring(new Date(start), new Date(end), zone)).toBe(minutes);
  });
  it('sees no change in a zone without one', () => {
    expect(clockChangeDuring(new Date('2027-03-28T00:30:00Z'), new Date('2027-03-28T02:30:00Z'), 'UTC')).toBe(
      0,
    );
  });
});

describe('windowOutcome', () => {
  it('sorts machines by how they stand, exempted before any result, keeping their order', () => {
    const target = (certname: string, result: 'success' | 'failed' | 'skipped' | null, exempted = false) => ({
      certname,
      result,
      exempted,
    });
    const outcome = windowOutcome([
      target('a', 'success'),
      target('b', null),
      target('c', 'failed'),
      target('d', 'success', true),
      target('e', 'skipped'),
      target('f', 'success'),
      target('g', null, true),
    ]);
    expect(
      Object.fromEntries(
        Object.entries(outcome).map(([kind, machines]) => [kind, machines.map((m) => m.certname)]),
      ),
    ).toEqual({
      failed: ['c'],
      silent: ['b'],
      success: ['a', 'f'],
      skipped: ['e'],
      exempted: ['d', 'g'],
    });
  });
});
