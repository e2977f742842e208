import { msg } from '@lingui/core/macro';
import type { StatusTone } from '@tidewatch/ui';

export const WINDOW_STATUS = {
  scheduled: { label: msg`Scheduled`, tone: 'info' },
  open: { label: msg`Open`, tone: 'warning' },
  closed: { label: msg`Closed`, tone: 'success' },
  expired: { label: msg`Expired`, tone: 'danger' },
} as const satisfies Record<string, { label: unknown; tone: StatusTone }>;

export const REQUEST_STATUS = {
  pending: { label: msg`Pending`, tone: 'warning' },
  requested: { label: msg`Pending`, tone: 'warning' },
  accepted: { label: msg`Accepted`, tone: 'success' },
  approved: { label: msg`Approved`, tone: 'success' },
  rejected: { label: msg`Rejected`, tone: 'danger' },
} as const satisfies Record<string, { label: unknown; tone: StatusTone }>;

/** Where the skips asked for a window stand. */
export const SKIP_STATE = {
  requested: { label: msg`Skip requested`, tone: 'warning' },
  approved: { label: msg`Skip approved`, tone: 'success' },
  rejected: { label: msg`Skip declined`, tone: 'danger' },
} as const satisfies Record<string, { label: unknown; tone: StatusTone }>;

export const WINDOW_TYPE = { automatic: msg`Recurring`, adhoc: msg`Ad hoc` } as const;

export const APPLIES_TO = {
  servers: msg`Servers`,
  clusters: msg`Clusters`,
  both: msg`Servers and clusters`,
} as const;

/** ISO weekday 1 (Monday) … 7 as the reader's language names it. */
export function weekdayName(day: number, locale: string, width: 'long' | 'short' = 'long'): string {
  // 2024-01-01 was a Monday.
  return new Intl.DateTimeFormat(locale, { weekday: width, timeZone: 'UTC' }).format(
    new Date(Date.UTC(2024, 0, day)),
  );
}

/** A window's start and end in the reader's zone. */
export function windowSpan(startsAt: string, endsAt: string, locale: string, timeZone?: string): string {
  const format = new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
  });
  return format.formatRange(new Date(startsAt), new Date(endsAt));
}
