import { useLingui as useLinguiCore } from '@lingui/react';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { countryNames } from '@tidewatch/i18n/countries';
import { SearchableSelect, type SearchableSelectProps } from '@tidewatch/ui/combobox';
import { useMemo } from 'react';
import { timeZonesQueryOptions } from '../../lib/time-zones';
import { FailedState } from '../query-state/query-state';

type PickerProps = Omit<SearchableSelectProps, 'options' | 'placeholder' | 'searchLabel' | 'noMatches'>;

/** Every country by its name in the reader's language; the form gets its ISO code. */
export function CountrySelect(props: PickerProps) {
  const { t } = useLingui();
  const { i18n } = useLinguiCore();
  const locale = i18n.locale === 'da' ? 'da' : 'en';
  const options = useMemo(
    () => countryNames(locale).map(([code, name]) => ({ value: code, label: name })),
    [locale],
  );
  return (
    <SearchableSelect
      {...props}
      options={options}
      placeholder={t`Choose a country`}
      searchLabel={t`Search countries`}
      noMatches={t`No country matches`}
    />
  );
}

/**
 * The time zones the server knows, searchable; `emptyLabel` offers no zone at all. Until the list
 * arrives the current value stays choosable, and a failed list says so with Retry.
 */
export function TimeZoneSelect({ emptyLabel, ...props }: PickerProps & { emptyLabel?: string }) {
  const { t } = useLingui();
  const zones = useQuery(timeZonesQueryOptions());
  const current = props.value ?? props.defaultValue;
  const known = zones.data ?? (current ? [current] : []);
  return (
    <>
      <SearchableSelect
        {...props}
        options={[
          ...(emptyLabel === undefined ? [] : [{ value: '', label: emptyLabel }]),
          ...known.map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') })),
        ]}
        placeholder={t`Choose a time zone`}
        searchLabel={t`Search time zones`}
        noMatches={t`No time zone matches`}
      />
      {zones.isError && <FailedState inline title={t`Could not load the time zones`} query={zones} />}
    </>
  );
}
