import { describe, expect, it } from 'vitest';
import { formatDuration, formatTimeOfDay, isTimeSlot, parseTimeOfDay, timeSlots } from './time-of-day';

describe('timeSlots', () => {
  it('lists the 96 quarter hours of a day', () => {
    const slots = timeSlots();
    expect(slots).toHaveLength(96);
    expect(slots.slice(0, 3)).toEqual([0, 15, 30]);
    expect(slots.at(-1)).toBe(23 * 60 + 45);
  });

  it.each([
    [9 * 60, 60, 9 * 60],
    [9 * 60 + 5, 59, 9 * 60 + 15],
    [23 * 60 + 45, 1, 23 * 60 + 45],
    [24 * 60, 0, undefined],
  ])('from minute %i has %i slots starting at %s', (from, length, first) => {
    const slots = timeSlots(from);
    expect(slots).toHaveLength(length);
    expect(slots[0]).toBe(first);
  });
});

describe('formatDuration', () => {
  it.each([
    [0, '0m'],
    [1, '1m'],
    [45, '45m'],
    [60, '1h'],
    [90, '1h 30m'],
    [615, '10h 15m'],
    [-30, '-30m'],
  ])('%i minutes read %s', (minutes, text) => {
    expect(formatDuration(minutes)).toBe(text);
  });
});

describe('time of day', () => {
  it.each([
    [0, '00:00'],
    [570, '09:30'],
    [1425, '23:45'],
  ])('%i is %s and back', (minute, text) => {
    expect(formatTimeOfDay(minute)).toBe(text);
    expect(parseTimeOfDay(text)).toBe(minute);
  });

  it.each(['24:00', '9:30', '12:60', 'noon', ''])('refuses %j', (text) => {
    expect(parseTimeOfDay(text)).toBeNull();
  });
});

describe('isTimeSlot', () => {
  it.each(['00:00', '02:15', '23:45'])('takes %s', (label) => expect(isTimeSlot(label)).toBe(true));
  it.each(['22:10', '24:00', '2:15', ''])('refuses %j', (label) => expect(isTimeSlot(label)).toBe(false));
});
