/**
 * Number, money and time formatting for the site's two languages, shared by pages, islands and
 * PDFs. Imports no content, so islands stay small.
 */
export type Language = 'en' | 'da';

/** The Intl locale of a site language: British English (day-first dates, € before the amount), Danish. */
export const intlLocale = (language: Language) => (language === 'da' ? 'da-DK' : 'en-GB');

/** Euros: whole amounts without decimals, others with cents. */
export function money(language: Language, amount: number): string {
  const whole = Number.isInteger(amount);
  return new Intl.NumberFormat(intlLocale(language), {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(amount);
}

export const number = (language: Language, value: number) =>
  new Intl.NumberFormat(intlLocale(language), { maximumFractionDigits: 2 }).format(value);

/** 40 → "40%" ("40 %" in Danish). */
export const percent = (language: Language, value: number) =>
  new Intl.NumberFormat(intlLocale(language), { style: 'percent', maximumFractionDigits: 2 }).format(
    value / 100,
  );

const DAY_MINUTES = 24 * 60;

/** 15 → "15 minutes", 60 → "1 hour", 10080 → "7 days" (Danish "15 minutter", "1 time", "7 dage"). */
export function duration(language: Language, minutes: number): string {
  // Days past the first (a week reads as 7 days, a day as 24 hours, as the mails write them).
  const [unit, size] =
    minutes > DAY_MINUTES && minutes % DAY_MINUTES === 0
      ? (['day', DAY_MINUTES] as const)
      : minutes % 60 === 0
        ? (['hour', 60] as const)
        : (['minute', 1] as const);
  return new Intl.NumberFormat(intlLocale(language), { style: 'unit', unit, unitDisplay: 'long' }).format(
    minutes / size,
  );
}

/** "08:00" as the language writes a time of day ("08.00" in Danish). */
export function clock(language: Language, time: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return new Intl.DateTimeFormat(intlLocale(language), {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(2000, 0, 1, hours, minutes)));
}

/** Replaces each `{name}` in a text; a name without a value is a content mistake and throws. */
export function fill(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`No value for {${name}} in "${template}"`);
    return String(value);
  });
}
