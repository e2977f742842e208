/**
 * The spec's time of day and duration (sections 5 and 9): a 15-minute grid of 96 start times,
 * "HH:MM" labels, and durations shown as hours and minutes. Time registration and service
 * windows both use it.
 */
/** The 15-minute grid: 96 start times a day (spec sections 5 and 9). */
export const SLOT_MINUTES = 15;
export const MINUTES_PER_DAY = 24 * 60;
export const SLOTS_PER_DAY = MINUTES_PER_DAY / SLOT_MINUTES;

/** Start times as minutes after midnight, every 15 minutes from `fromMinute` (00:00 by default) to 23:45. */
export function timeSlots(fromMinute = 0): number[] {
  const first = Math.ceil(Math.max(0, fromMinute) / SLOT_MINUTES);
  return Array.from(
    { length: Math.max(0, SLOTS_PER_DAY - first) },
    (_, index) => (first + index) * SLOT_MINUTES,
  );
}

/** 570 → "09:30". */
export function formatTimeOfDay(minuteOfDay: number): string {
  const hours = Math.floor(minuteOfDay / 60);
  return `${String(hours).padStart(2, '0')}:${String(minuteOfDay % 60).padStart(2, '0')}`;
}

/** "09:30" → 570; null for anything that is not a time of day. */
export function parseTimeOfDay(text: string): number | null {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(text.trim());
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/** Duration display (spec section 5): 0 is "0m", otherwise hours and minutes ("1h 30m", "2h", "45m"). */
export function formatDuration(minutes: number): string {
  if (minutes === 0) return '0m';
  const sign = minutes < 0 ? '-' : '';
  const whole = Math.abs(Math.round(minutes));
  const hours = Math.floor(whole / 60);
  const rest = whole % 60;
  if (hours === 0) return `${sign}${rest}m`;
  return rest === 0 ? `${sign}${hours}h` : `${sign}${hours}h ${rest}m`;
}

/** Whether `label` is a start time on the grid, "00:00" to "23:45". */
export function isTimeSlot(label: string): boolean {
  const minute = parseTimeOfDay(label);
  return minute !== null && minute % SLOT_MINUTES === 0;
}
