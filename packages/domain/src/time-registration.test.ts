import { describe, expect, it } from 'vitest';
import {
  daysOfMonth,
  endChoices,
  endMinuteOfDay,
  entryInterval,
  firstFreeStart,
  intervalsOverlap,
  mondayOf,
  monthList,
  monthRange,
  parseDuration,
  startExists,
  startSlots,
  todayIn,
  wallClockSpan,
  weekDates,
} from './time-registration';

describe('monthList', () => {
  it('runs from this month 24 months back in the given zone', () => {
    const months = monthList(new Date('2026-11-30T23:30:00Z'), 'Europe/Copenhagen');
    expect(months).toHaveLength(25);
    expect(months[0]).toBe('2026-12');
    expect(months[1]).toBe('2026-11');
    expect(months.at(-1)).toBe('2024-12');
    expect(monthList(new Date('2026-11-30T23:30:00Z'), 'UTC')[0]).toBe('2026-11');
  });

  it.each([
    ['2026-02', '2026-02-01', '2026-03-01'],
    ['2026-12', '2026-12-01', '2027-01-01'],
  ])('%s runs from %s until %s', (month, from, until) => {
    expect(monthRange(month)).toEqual({ from, until });
  });

  it('lists the days of a month, leap years included', () => {
    expect(daysOfMonth('2028-02')).toHaveLength(29);
    expect(daysOfMonth('2026-09').at(-1)).toBe('2026-09-30');
  });

  it('knows the date in a zone', () => {
    expect(todayIn(new Date('2026-03-01T04:00:00Z'), 'America/New_York')).toBe('2026-02-28');
  });
});

describe('entryInterval', () => {
  it('reads the start as wall-clock time in the zone, across a DST change', () => {
    const winter = entryInterval('2026-01-15', 9 * 60, 90, 'Europe/Copenhagen');
    expect(winter.start.toISOString()).toBe('2026-01-15T08:00:00.000Z');
    expect(winter.end.toISOString()).toBe('2026-01-15T09:30:00.000Z');
    const summer = entryInterval('2026-07-15', 9 * 60, 60, 'Europe/Copenhagen');
    expect(summer.start.toISOString()).toBe('2026-07-15T07:00:00.000Z');
  });

  it.each([
    ['09:00–10:00 and 09:30–10:30 overlap', [540, 60], [570, 60], true],
    ['back to back entries do not', [540, 60], [600, 60], false],
    ['one inside another does', [540, 240], [600, 15], true],
  ] as const)('%s', (_, [startA, lengthA], [startB, lengthB], expected) => {
    const a = entryInterval('2026-03-02', startA, lengthA, 'Europe/Copenhagen');
    const b = entryInterval('2026-03-02', startB, lengthB, 'Europe/Copenhagen');
    expect(intervalsOverlap(a, b)).toBe(expected);
  });

  it('compares entries written in different zones by the instant', () => {
    const copenhagen = entryInterval('2026-03-02', 10 * 60, 60, 'Europe/Copenhagen');
    const london = entryInterval('2026-03-02', 9 * 60 + 30, 30, 'Europe/London');
    expect(intervalsOverlap(copenhagen, london)).toBe(true);
  });
});

describe('entries on the nights the clocks change', () => {
  const zone = 'Europe/Copenhagen';

  it('knows no start in the hour skipped for summer time', () => {
    expect([60, 105, 120, 165, 180].map((minute) => startExists('2026-03-29', minute, zone))).toEqual([
      true,
      true,
      false,
      false,
      true,
    ]);
    expect(startExists('2026-10-25', 150, zone)).toBe(true);
  });

  it('counts minutes worked, so an entry across a change ends where the clocks say', () => {
    const spring = entryInterval('2026-03-29', 60, 60, zone);
    expect(wallClockSpan(spring, zone)).toEqual({ start: '01:00', end: '03:00' });
    const autumn = entryInterval('2026-10-25', 60, 180, zone);
    expect(wallClockSpan(autumn, zone)).toEqual({ start: '01:00', end: '03:00' });
    expect(autumn.end.getTime() - autumn.start.getTime()).toBe(180 * 60_000);
  });

  it('reads a start in the repeated autumn hour as its first occurrence', () => {
    expect(entryInterval('2026-10-25', 150, 15, zone).start.toISOString()).toBe('2026-10-25T00:30:00.000Z');
  });
});

describe('parseDuration', () => {
  it.each([
    ['90', 90],
    ['1:30', 90],
    ['1h 30m', 90],
    ['1h30m', 90],
    ['1.5h', 90],
    ['1,5t', 90],
    ['45m', 45],
    ['2h', 120],
    ['24:00', 1440],
  ])('%j is %i minutes', (text, minutes) => {
    expect(parseDuration(text)).toBe(minutes);
  });

  it.each(['', 'abc', '1:75', '25h', 'h', '-5'])('refuses %j', (text) => {
    expect(parseDuration(text)).toBeNull();
  });
});

describe('weeks', () => {
  it('finds the Monday and the seven dates of a week, across a month', () => {
    expect(mondayOf('2026-11-01')).toBe('2026-10-26');
    expect(weekDates('2026-10-26')).toEqual([
      '2026-10-26',
      '2026-10-27',
      '2026-10-28',
      '2026-10-29',
      '2026-10-30',
      '2026-10-31',
      '2026-11-01',
    ]);
  });
});

describe('firstFreeStart', () => {
  it.each([
    ['an empty day starts at 08:00', [], 60, 480],
    ['after a morning entry', [{ startMinute: 480, minutes: 90 }], 60, 570],
    [
      'in a gap that is long enough',
      [
        { startMinute: 480, minutes: 60 },
        { startMinute: 600, minutes: 60 },
      ],
      60,
      540,
    ],
    [
      'past a gap that is too short',
      [
        { startMinute: 480, minutes: 60 },
        { startMinute: 570, minutes: 60 },
      ],
      60,
      630,
    ],
    ['before 08:00 when the rest of the day is full', [{ startMinute: 480, minutes: 960 }], 60, 0],
    ['nowhere on a full day', [{ startMinute: 0, minutes: 1440 }], 15, null],
  ] as const)('%s', (_, busy, minutes, expected) => {
    expect(firstFreeStart(busy, minutes)).toBe(expected);
  });
});

describe("the register form's pickers on the nights the clocks change", () => {
  const zone = 'Europe/Copenhagen';
  const label = (choice: { minuteOfDay: number }) =>
    `${String(Math.floor(choice.minuteOfDay / 60)).padStart(2, '0')}:${String(choice.minuteOfDay % 60).padStart(2, '0')}`;

  it('offers no start in the hour the clocks skip in spring', () => {
    const starts = startSlots('2027-03-28', zone);
    expect(starts).toHaveLength(92);
    expect(starts).toContain(105);
    expect(starts.filter((minute) => minute >= 120 && minute < 180)).toEqual([]);
    expect(starts).toContain(180);
    expect(startSlots('2027-03-27', zone)).toHaveLength(96);
  });

  it('offers every start on the autumn night: the repeated hour is read as its first time round', () => {
    expect(startSlots('2027-10-31', zone)).toHaveLength(96);
  });

  it('counts the real minutes to an end across the spring change, and skips the missing ends', () => {
    const ends = endChoices('2027-03-28', 60, zone);
    expect(ends.map(label).slice(0, 5)).toEqual(['01:15', '01:30', '01:45', '03:00', '03:15']);
    expect(ends.find((end) => label(end) === '03:00')?.minutes).toBe(60);
    expect(ends.at(-1)).toEqual({ minuteOfDay: 23 * 60 + 45, minutes: 21 * 60 + 45, round: null });
  });

  it('offers the repeated autumn hour twice, with the real minutes to each', () => {
    const ends = endChoices('2027-10-31', 60, zone);
    const at = (text: string) => ends.filter((end) => label(end) === text);
    expect(at('02:00')).toEqual([
      { minuteOfDay: 120, minutes: 60, round: 'first' },
      { minuteOfDay: 120, minutes: 120, round: 'second' },
    ]);
    expect(at('03:00')).toEqual([{ minuteOfDay: 180, minutes: 180, round: null }]);
    expect(ends.at(-1)?.minutes).toBe(23 * 60 + 45);
  });

  it('tells the clock time an entry ends at, across either change, and none past midnight', () => {
    expect(endMinuteOfDay('2027-03-28', 60, 60, zone)).toBe(180);
    expect(endMinuteOfDay('2027-10-31', 60, 120, zone)).toBe(120);
    expect(endMinuteOfDay('2027-03-27', 9 * 60, 90, zone)).toBe(10 * 60 + 30);
    expect(endMinuteOfDay('2027-03-27', 23 * 60, 90, zone)).toBeNull();
  });

  it('counts clock minutes on an ordinary day', () => {
    const ends = endChoices('2027-03-27', 9 * 60, zone);
    expect(ends[0]).toEqual({ minuteOfDay: 9 * 60 + 15, minutes: 15, round: null });
    expect(ends).toHaveLength(59);
  });
});
