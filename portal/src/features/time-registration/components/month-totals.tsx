import { useLingui } from '@lingui/react/macro';
import type { CustomerRecord, TimeEntry } from '@tidewatch/contract';
import { formatDuration } from '@tidewatch/domain';
import { BarChart } from '@tidewatch/ui';
import { formatDate } from '../../../lib/format';
import * as styles from './time.css';

/** Sums minutes by a key, keeping the keys' first-seen order. */
function totalsBy(entries: readonly TimeEntry[], key: (entry: TimeEntry) => string): [string, number][] {
  const totals = new Map<string, number>();
  for (const entry of entries) totals.set(key(entry), (totals.get(key(entry)) ?? 0) + entry.minutes);
  return [...totals];
}

/** A month's time per customer and per day. */
export function MonthTotals({
  entries,
  customers,
}: {
  entries: readonly TimeEntry[];
  customers: readonly CustomerRecord[];
}) {
  const { t, i18n } = useLingui();
  const companyOf = (id: string) => customers.find((customer) => customer.id === id)?.company_name ?? id;
  const perCustomer = totalsBy(entries, (entry) => entry.customer_id).sort((a, b) => b[1] - a[1]);
  const perDay = totalsBy(entries, (entry) => entry.date).sort((a, b) => a[0].localeCompare(b[0]));
  return (
    <div className={styles.totals}>
      <BarChart
        title={t`Per customer`}
        formatValue={formatDuration}
        data={perCustomer.map(([id, minutes]) => ({ id, label: companyOf(id), value: minutes }))}
      />
      <BarChart
        title={t`Per day`}
        formatValue={formatDuration}
        data={perDay.map(([date, minutes]) => ({
          id: date,
          label: formatDate(date, i18n.locale),
          value: minutes,
        }))}
      />
    </div>
  );
}
