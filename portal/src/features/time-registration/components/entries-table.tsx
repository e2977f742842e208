import { Trans, useLingui } from '@lingui/react/macro';
import type { CustomerRecord, TimeEntry } from '@tidewatch/contract';
import { customerShortName, formatDuration, formatTimeOfDay } from '@tidewatch/domain';
import { type RowAction, RowActions, Table, type TableColumn } from '@tidewatch/ui';
import { formatDate } from '../../../lib/format';
import * as styles from './time.css';

/** A month's or a day's entries; `actions` adds each row's buttons (edit, delete) while the month is open. */
export function EntriesTable({
  label,
  entries,
  customers,
  actions,
  showDate = true,
  empty,
}: {
  label: string;
  entries: readonly TimeEntry[];
  customers: readonly CustomerRecord[];
  actions?: (entry: TimeEntry) => RowAction[];
  showDate?: boolean;
  empty: string;
}) {
  const { t, i18n } = useLingui();
  const companyOf = (id: string) => customers.find((customer) => customer.id === id)?.company_name ?? id;
  const columns: TableColumn<TimeEntry>[] = [
    ...(showDate
      ? [
          {
            id: 'date',
            header: t`Date`,
            rowHeader: true,
            cell: (entry: TimeEntry) => formatDate(entry.date, i18n.locale),
          },
        ]
      : []),
    {
      id: 'time',
      header: t`Time`,
      cell: (entry) =>
        `${formatTimeOfDay(entry.start_minute)}–${formatTimeOfDay(entry.start_minute + entry.minutes)}`,
    },
    { id: 'duration', header: t`Duration`, numeric: true, cell: (entry) => formatDuration(entry.minutes) },
    {
      id: 'customer',
      header: t`Customer`,
      cell: (entry) => (
        <span title={companyOf(entry.customer_id)}>
          {customerShortName(companyOf(entry.customer_id))} · {companyOf(entry.customer_id)}
        </span>
      ),
    },
    {
      id: 'description',
      header: t`Description`,
      cell: (entry) => (
        <span className={styles.description}>
          {entry.description}
          {entry.ticket_ref && <span className={styles.muted}> ({entry.ticket_ref})</span>}
        </span>
      ),
    },
    {
      id: 'kind',
      header: t`Kind`,
      cell: (entry) => (
        <>
          {entry.kind === 'alert' ? <Trans>Alert handling</Trans> : <Trans>Ordinary work</Trans>}
          {!entry.billable && (
            <span className={styles.muted}>
              {' · '}
              <Trans>not billable</Trans>
            </span>
          )}
        </>
      ),
    },
    ...(actions
      ? [
          {
            id: 'actions',
            header: t`Actions`,
            hideHeader: true,
            pinEnd: true,
            cell: (entry: TimeEntry) => (
              <RowActions label={t`Actions for the entry`} actions={actions(entry)} />
            ),
          },
        ]
      : []),
  ];
  return <Table label={label} columns={columns} rows={entries} rowKey={(entry) => entry.id} empty={empty} />;
}
