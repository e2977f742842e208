import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { CustomerRecord } from '@tidewatch/contract';
import { formatDuration, monthOf } from '@tidewatch/domain';
import { formatDate } from '../../../lib/format';
import { FailedState, LoadingState } from '../../../shared/query-state/query-state';
import { ownMonthQueryOptions } from '../api/time-registration';
import { EntriesTable } from './entries-table';
import * as styles from './time.css';

/** What is registered on the form's day already, so an overlap shows before it is refused. */
export function DayEntries({ date, customers }: { date: string; customers: readonly CustomerRecord[] }) {
  const { t, i18n } = useLingui();
  const month = useQuery(ownMonthQueryOptions(monthOf(date)));
  const day = date ? formatDate(date, i18n.locale) : '';
  if (month.error && !month.data) return <FailedState title={t`Could not load your entries`} query={month} />;
  if (!month.data) return <LoadingState />;
  const entries = month.data.entries.filter((entry) => entry.date === date);
  const total = entries.reduce((sum, entry) => sum + entry.minutes, 0);
  return (
    <section aria-labelledby="day-entries-title">
      <h2 id="day-entries-title" className={styles.sectionTitle}>
        <Trans>
          Registered on {day}: {formatDuration(total)}
        </Trans>
      </h2>
      <EntriesTable
        label={t`Entries on ${day}`}
        entries={entries}
        customers={customers}
        showDate={false}
        empty={t`Nothing registered on this day yet.`}
      />
    </section>
  );
}
