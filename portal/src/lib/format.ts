const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/** "5 minutes ago", "i går": the largest whole unit of the time since (or until) `iso`. */
export function formatRelativeTime(
  iso: string,
  now: Date,
  locale: string,
  style: Intl.RelativeTimeFormatStyle = 'long',
): string {
  const seconds = Math.round((new Date(iso).getTime() - now.getTime()) / 1000);
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto', style });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size || unit === 'second')
      return format.format(Math.trunc(seconds / size), unit);
  }
  return format.format(0, 'second');
}

export function formatDateTime(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

export function formatDate(isoDate: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(isoDate));
}

/** "November 2026" in the reader's language, from `YYYY-MM`. */
export function formatMonth(month: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );
}

/**
 * A wall-clock time (`HH:MM`, already in its zone) as the reader writes it, on the 24-hour clock the
 * time registration uses: "08:30", "08.30".
 */
export function formatWallClock(time: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'UTC',
  }).format(new Date(`1970-01-01T${time}:00Z`));
}

/** An amount in euros as the reader writes money: "€9,000.00", "9.000,00 €". */
export function formatEuros(amount: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).format(amount);
}

/**
 * A percentage (77.9991 for 77.9991 %) to a tenth, cut rather than rounded so that a share just
 * under a threshold (79.96 % of a ceiling) never reads as the threshold: "77.9%", "77,9 %".
 */
export function formatPercent(percent: number, locale: string): string {
  return new Intl.NumberFormat(locale, {
    style: 'percent',
    maximumFractionDigits: 1,
    roundingMode: 'trunc',
  }).format(percent / 100);
}

export function formatNumber(value: number, locale: string): string {
  return new Intl.NumberFormat(locale).format(value);
}

/** The time of day in a time zone with its weekday and offset: "Wed 14:05 GMT+1". */
export function formatLocalTime(now: Date, timeZone: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    timeZone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'shortOffset',
  }).format(now);
}
