import { getAllCountries, getCountry, getTimezone } from 'countries-and-timezones';

/**
 * Every country as [ISO code, its common name in the language], sorted as that language sorts:
 * "China" under C, not "People's Republic of China" under P.
 */
export function countryNames(locale: 'en' | 'da'): [string, string][] {
  const names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' });
  const collator = new Intl.Collator(locale);
  // Today's countries (ISO 3166-1), from the tz database's country table: retired codes are not in it.
  return Object.keys(getAllCountries())
    .flatMap((code): [string, string][] => {
      const name = names.of(code);
      return name ? [[code, name]] : [];
    })
    .sort(([, a], [, b]) => collator.compare(a, b));
}

/**
 * The time zone to preselect for a country among the offered ones: the current zone if it is one of
 * the country's own, else the country's first own zone (Europe/Copenhagen for Denmark, not the
 * Europe/Berlin it shares its rules with), else the first offered zone used there at all.
 */
export function zoneForCountry(
  country: string,
  current: string,
  offered: readonly string[],
): string | undefined {
  const used = (getCountry(country, { deprecated: true })?.timezones ?? []).filter((zone) =>
    offered.includes(zone),
  );
  const own = used.filter((zone) => getTimezone(zone)?.countries[0] === country);
  const isCurrent = (zone: string) => zone === current;
  if (own.some(isCurrent)) return current;
  return own[0] ?? (used.some(isCurrent) ? current : used[0]);
}
