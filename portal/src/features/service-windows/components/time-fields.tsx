import { Trans, useLingui } from '@lingui/react/macro';
import { formatDuration, formatTimeOfDay, timeSlots } from '@tidewatch/domain';
import { Select } from '@tidewatch/ui';
import { SearchableSelect } from '@tidewatch/ui/combobox';

/** Durations offered: every quarter hour up to four hours, then whole hours to a day. */
const DURATIONS = [
  ...Array.from({ length: 16 }, (_, index) => (index + 1) * 15),
  ...Array.from({ length: 20 }, (_, index) => (index + 5) * 60),
];
const ZONES = [...Intl.supportedValuesOf('timeZone'), 'UTC'].sort();

type Field<T> = { value: T; onChange(value: T): void; errors?: string[] | undefined };

/** A window's start (the quarter-hour list of spec section 5), duration and time zone. */
export function WindowTimeFields({
  start,
  duration,
  timezone,
}: {
  start: Field<string>;
  duration: Field<number>;
  timezone: Field<string>;
}) {
  const { t } = useLingui();
  return (
    <>
      <Select
        label={<Trans>Start</Trans>}
        value={start.value}
        onChange={(event) => start.onChange(event.target.value)}
        errors={start.errors}
      >
        {timeSlots()
          .map(formatTimeOfDay)
          .map((slot) => (
            <option key={slot} value={slot}>
              {slot}
            </option>
          ))}
      </Select>
      <Select
        label={<Trans>Duration</Trans>}
        value={String(duration.value)}
        onChange={(event) => duration.onChange(Number(event.target.value))}
        errors={duration.errors}
      >
        {DURATIONS.map((minutes) => (
          <option key={minutes} value={minutes}>
            {formatDuration(minutes)}
          </option>
        ))}
      </Select>
      <SearchableSelect
        label={<Trans>Time zone</Trans>}
        value={timezone.value}
        onChange={(zone: string) => timezone.onChange(zone)}
        errors={timezone.errors}
        options={ZONES.map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') }))}
        placeholder={t`Choose a time zone`}
        searchLabel={t`Search time zones`}
        noMatches={t`No time zone matches`}
      />
    </>
  );
}
