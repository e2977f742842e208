import { TZDate, tzOffset } from '@date-fns/tz';
import { addDays, differenceInCalendarDays, format, getISODay } from 'date-fns';
import type { WindowStatus } from './statuses';
import { parseTimeOfDay } from './time-of-day';

/** ISO weekdays: 1 Monday … 7 Sunday. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** A weekly service window as an update group's configuration states it. */
export interface WeeklyWindow {
  weekdays: readonly Weekday[];
  /** Local start on the 15-minute grid, `HH:MM`. */
  start: string;
  durationMinutes: number;
  /** IANA zone the start is read in. */
  timezone: string;
}

export interface Occurrence {
  /** The local calendar day the window belongs to: one window per group and day, whatever the clock did. */
  localDate: string;
  startsAt: Date;
  endsAt: Date;
}

/**
 * The instant a local date and time names in a zone, by RFC 5545's rule (docs/decisions/0041):
 * a time in the spring-forward gap is read with the offset before the gap (02:30 becomes 03:30),
 * a time in the repeated autumn hour is its first occurrence.
 */
export function zonedInstant(localDate: string, time: string, timezone: string): Date {
  const [year = 0, month = 1, day = 1] = localDate.split('-').map(Number);
  const minutes = parseTimeOfDay(time);
  if (minutes === null) throw new RangeError(`${time} is not a time of day`);
  // The zone library already moves a gap time forward by the gap; it reads a repeated time as the later one.
  const resolved = new TZDate(year, month - 1, day, Math.floor(minutes / 60), minutes % 60, 0, 0, timezone);
  const offsetNow = tzOffset(timezone, resolved);
  const offsetDayBefore = tzOffset(timezone, new Date(resolved.getTime() - 86_400_000));
  if (offsetDayBefore > offsetNow) {
    const earlier = new TZDate(resolved.getTime() - (offsetDayBefore - offsetNow) * 60_000, timezone);
    if (format(earlier, 'yyyy-MM-dd HH:mm') === `${localDate} ${time}`) return new Date(earlier.getTime());
  }
  return new Date(resolved.getTime());
}

/**
 * The windows a weekly configuration gives whose start lies in [from, until): one per matching
 * local day, at the configured local time, however the zone's offset changed in between.
 */
export function occurrencesBetween(rule: WeeklyWindow, from: Date, until: Date): Occurrence[] {
  const firstDay = new TZDate(from.getTime(), rule.timezone);
  const days = differenceInCalendarDays(new TZDate(until.getTime(), rule.timezone), firstDay);
  const occurrences: Occurrence[] = [];
  // One day earlier than `from`'s local day too: a window of that day may still start after `from`.
  for (let offset = -1; offset <= days; offset++) {
    const day = addDays(firstDay, offset);
    if (!rule.weekdays.includes(getISODay(day) as Weekday)) continue;
    const localDate = format(day, 'yyyy-MM-dd');
    const startsAt = zonedInstant(localDate, rule.start, rule.timezone);
    if (startsAt < from || startsAt >= until) continue;
    occurrences.push({
      localDate,
      startsAt,
      endsAt: new Date(startsAt.getTime() + rule.durationMinutes * 60_000),
    });
  }
  return occurrences;
}

/** How far ahead automatic windows are booked. */
export const BOOKING_HORIZON_DAYS = 8 * 7;

/**
 * A window's status at an instant: open between start and end; closed once every target
 * reported (or none is left), expired when its end passed with a target still silent.
 */
export function windowStatusAt(
  window: { startsAt: Date; endsAt: Date; targets: number; reported: number },
  now: Date,
): WindowStatus {
  const everyoneDone = window.reported >= window.targets;
  if (now >= window.startsAt && everyoneDone) return 'closed';
  if (now < window.startsAt) return 'scheduled';
  if (now < window.endsAt) return 'open';
  return 'expired';
}

/** How far the clocks in a zone move during an interval, in minutes: 60 forward in spring, -60 back in autumn, 0 when they stay. */
export const clockChangeDuring = (startsAt: Date, endsAt: Date, timezone: string): number =>
  tzOffset(timezone, endsAt) - tzOffset(timezone, startsAt);

/** How a window's machine stands at its end: its own report's result, exempted, or silent. */
export const OUTCOME_KINDS = ['failed', 'silent', 'success', 'skipped', 'exempted'] as const;
export type OutcomeKind = (typeof OUTCOME_KINDS)[number];

/** A window's machine as its outcome needs it. */
export interface OutcomeTarget {
  certname: string;
  exempted: boolean;
  result: 'success' | 'failed' | 'skipped' | null;
}

/**
 * A window's machines by how they stand, in the order people read an outcome: what failed and
 * what never reported first. Each kind keeps the machines' own order.
 */
export function windowOutcome<Target extends OutcomeTarget>(
  targets: Target[],
): Record<OutcomeKind, Target[]> {
  const outcome: Record<OutcomeKind, Target[]> = {
    failed: [],
    silent: [],
    success: [],
    skipped: [],
    exempted: [],
  };
  for (const target of targets) {
    outcome[target.exempted ? 'exempted' : (target.result ?? 'silent')].push(target);
  }
  return outcome;
}
