import { TZDate } from '@date-fns/tz';
import {
  addDays,
  addMonths,
  eachDayOfInterval,
  endOfMonth,
  format,
  parseISO,
  startOfISOWeek,
  subMonths,
} from 'date-fns';
import { zonedInstant } from './service-window';
import { formatTimeOfDay, MINUTES_PER_DAY, SLOT_MINUTES, timeSlots } from './time-of-day';

/** Alert handling may exceed a customer's expense ceiling; ordinary work may not. */
export const TIME_ENTRY_KINDS = ['ordinary', 'alert'] as const;
/** A month handed in for approval; an approved one is locked, a rejected one open again. */
export const HANDED_IN_STATUSES = ['submitted', 'approved', 'rejected'] as const;
/** How far back the month lists reach (spec section 9). */
export const MONTHS_BACK = 24;

/** The month (YYYY-MM) of a date (YYYY-MM-DD). */
export const monthOf = (date: string): string => date.slice(0, 7);

/** The dates of a month (YYYY-MM) as a half-open range of YYYY-MM-DD. */
export function monthRange(month: string): { from: string; until: string } {
  return { from: `${month}-01`, until: format(addMonths(parseISO(`${month}-01`), 1), 'yyyy-MM-dd') };
}

/** Every date (YYYY-MM-DD) of a month (YYYY-MM). */
export function daysOfMonth(month: string): string[] {
  const first = parseISO(`${month}-01`);
  return eachDayOfInterval({ start: first, end: endOfMonth(first) }).map((day) => format(day, 'yyyy-MM-dd'));
}

/** This month and the {@link MONTHS_BACK} before it, newest first, as YYYY-MM in the given zone. */
export function monthList(now: Date, timeZone: string, count = MONTHS_BACK): string[] {
  const local = new TZDate(now, timeZone);
  return Array.from({ length: count + 1 }, (_, index) => format(subMonths(local, index), 'yyyy-MM'));
}

/** Today's date (YYYY-MM-DD) in a time zone. */
export const todayIn = (now: Date, timeZone: string): string =>
  format(new TZDate(now, timeZone), 'yyyy-MM-dd');

/**
 * The instants an entry covers. `date` and `startMinute` are wall-clock time in `timeZone`, read as
 * service windows read theirs (a repeated autumn time is its first occurrence); `minutes` are the
 * minutes worked, however the clocks moved meanwhile (decision 43).
 */
export function entryInterval(
  date: string,
  startMinute: number,
  minutes: number,
  timeZone: string,
): { start: Date; end: Date } {
  const start = zonedInstant(date, formatTimeOfDay(startMinute), timeZone);
  return { start, end: new Date(start.getTime() + minutes * 60_000) };
}

/** Whether a wall-clock start exists in a zone: none does in the hour the clocks skip for summer time. */
export function startExists(date: string, startMinute: number, timeZone: string): boolean {
  const { start } = entryInterval(date, startMinute, 0, timeZone);
  return (
    format(new TZDate(start, timeZone), 'yyyy-MM-dd HH:mm') === `${date} ${formatTimeOfDay(startMinute)}`
  );
}

/** The grid's starts that exist on a date in a zone: on the spring night, none in the skipped hour. */
export const startSlots = (date: string, timeZone: string): number[] =>
  timeSlots().filter((minute) => startExists(date, minute, timeZone));

/** An end the register form offers: as the clocks show it, and the minutes worked until then. */
export interface EndChoice {
  minuteOfDay: number;
  minutes: number;
  /** On the autumn night the clocks show 02:00–02:45 twice: which time round this end is. */
  round: 'first' | 'second' | null;
}

/**
 * The quarter hours after a start, up to 23:45 of its day as the clocks show them, each with the
 * real minutes since the start: across the spring change an hour from 01:00 ends at 03:00, across
 * the autumn one the repeated hour is offered twice (decision 43).
 */
export function endChoices(date: string, startMinute: number, timeZone: string): EndChoice[] {
  const { start } = entryInterval(date, startMinute, 0, timeZone);
  const choices: EndChoice[] = [];
  for (let minutes = SLOT_MINUTES; minutes <= MINUTES_PER_DAY + 60; minutes += SLOT_MINUTES) {
    const end = new TZDate(start.getTime() + minutes * 60_000, timeZone);
    if (format(end, 'yyyy-MM-dd') !== date) break;
    choices.push({ minuteOfDay: end.getHours() * 60 + end.getMinutes(), minutes, round: null });
  }
  return choices.map((choice, index) => {
    const twins = choices.filter((other) => other.minuteOfDay === choice.minuteOfDay);
    if (twins.length < 2) return choice;
    return { ...choice, round: twins[0] === choices[index] ? 'first' : 'second' };
  });
}

/**
 * The minute of the day the clocks in `timeZone` show as an entry ends (01:00 plus an hour on the
 * spring night is 03:00, 180), or null when it ends on a later day.
 */
export function endMinuteOfDay(
  date: string,
  startMinute: number,
  minutes: number,
  timeZone: string,
): number | null {
  const end = new TZDate(entryInterval(date, startMinute, minutes, timeZone).end, timeZone);
  return format(end, 'yyyy-MM-dd') === date ? end.getHours() * 60 + end.getMinutes() : null;
}

/** `{ start: '01:00', end: '03:00' }`: what the clocks in `timeZone` showed as an interval began and ended. */
export const wallClockSpan = (interval: { start: Date; end: Date }, timeZone: string) => ({
  start: format(new TZDate(interval.start, timeZone), 'HH:mm'),
  end: format(new TZDate(interval.end, timeZone), 'HH:mm'),
});

/** Whether two half-open intervals share a moment (one ending as the other starts does not). */
export const intervalsOverlap = (a: { start: Date; end: Date }, b: { start: Date; end: Date }): boolean =>
  a.start < b.end && b.start < a.end;

/** "1h 30m", "1:30", "1.5h", "90" (minutes) → 90; null for anything else or more than a day. */
export function parseDuration(text: string): number | null {
  const value = text.trim().toLowerCase().replace(',', '.');
  if (value === '') return null;
  const clock = /^(\d{1,2}):([0-5]\d)$/.exec(value);
  const units = /^(?:(\d+(?:\.\d+)?)\s*[ht])?\s*(?:(\d+)\s*m)?$/.exec(value);
  let minutes: number | null = null;
  if (/^\d+$/.test(value)) minutes = Number(value);
  else if (clock) minutes = Number(clock[1]) * 60 + Number(clock[2]);
  else if (units && (units[1] || units[2]))
    minutes = Math.round(Number(units[1] ?? 0) * 60) + Number(units[2] ?? 0);
  return minutes !== null && minutes <= MINUTES_PER_DAY ? minutes : null;
}

/** The Monday (YYYY-MM-DD) of the ISO week a date falls in. */
export const mondayOf = (date: string): string => format(startOfISOWeek(parseISO(date)), 'yyyy-MM-dd');

/** The seven dates of the week starting on `monday`. */
export const weekDates = (monday: string): string[] =>
  Array.from({ length: 7 }, (_, index) => format(addDays(parseISO(monday), index), 'yyyy-MM-dd'));

/** The date `days` away from `date`. */
export const shiftDate = (date: string, days: number): string =>
  format(addDays(parseISO(date), days), 'yyyy-MM-dd');

/**
 * The first start on the 15-minute grid, from `fromMinute` on, where `minutes` fit the same day
 * without touching the busy spans; null when the day has no such gap.
 */
export function firstFreeStart(
  busy: readonly { startMinute: number; minutes: number }[],
  minutes: number,
  fromMinute = 8 * 60,
): number | null {
  for (const start of [...timeSlots(fromMinute), ...timeSlots().filter((slot) => slot < fromMinute)]) {
    const end = start + minutes;
    if (end > MINUTES_PER_DAY) continue;
    if (busy.every((span) => end <= span.startMinute || start >= span.startMinute + span.minutes))
      return start;
  }
  return null;
}
