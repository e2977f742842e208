import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { TimeEntry } from '@tidewatch/contract';
import { formatDuration } from '@tidewatch/domain';
import { Button, ConfirmDialog } from '@tidewatch/ui';
import { Pencil, Send, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { customersQueryOptions } from '../../../lib/customers';
import { formatMonth } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { FailedState, LoadingState, together } from '../../../shared/query-state/query-state';
import { ownMonthQueryOptions, useDeleteEntry, useSubmitMonth } from '../api/time-registration';
import { useTimeRegistrationDraft } from '../hooks/use-time-registration-draft';
import { monthsAgo } from '../months';
import { EntriesTable } from './entries-table';
import { MonthSelect } from './month-select';
import { isMonthOpen, MonthStatusBadge } from './month-status';
import { MonthTotals } from './month-totals';
import * as styles from './time.css';

/** The form's fields for an entry, as the register form stores them. */
const formValuesOf = (entry: TimeEntry): Record<string, string> => ({
  date: entry.date,
  customer_id: entry.customer_id,
  start_minute: String(entry.start_minute),
  minutes: String(entry.minutes),
  product_id: entry.product_id,
  description: entry.description,
  ticket_ref: entry.ticket_ref ?? '',
  kind: entry.kind,
  ...(entry.billable ? { billable: 'on' } : {}),
});

/** Overview (spec section 2): one's own month with totals; change it while open, then hand it in. */
export function OverviewPage({
  month: chosen,
  onMonthChange,
}: {
  month: string | undefined;
  onMonthChange(month: string): void;
}) {
  const { t, i18n } = useLingui();
  const month = chosen ?? monthsAgo(0);
  const navigate = useNavigate();
  const query = useQuery(ownMonthQueryOptions(month));
  const customers = useQuery(customersQueryOptions());
  const submit = useSubmitMonth();
  const remove = useDeleteEntry();
  const [confirmSubmit, setConfirmSubmit] = useState(false);
  const [deleting, setDeleting] = useState<TimeEntry | null>(null);
  const { setValues, setEditing } = useTimeRegistrationDraft();
  const monthName = formatMonth(month, i18n.locale);

  let body: React.ReactNode;
  if (query.error && !query.data)
    body = <FailedState title={t`Could not load your entries`} query={together(query, customers)} />;
  else if (customers.error && !customers.data)
    body = <FailedState title={t`Could not load the customers`} query={customers} />;
  else if (!query.data || !customers.data) body = <LoadingState lines={6} />;
  else {
    const { entries, status, comment } = query.data;
    const open = isMonthOpen(status);
    const total = entries.reduce((sum, entry) => sum + entry.minutes, 0);
    const billable = entries.filter((entry) => entry.billable).reduce((sum, entry) => sum + entry.minutes, 0);
    body = (
      <>
        <dl className={styles.figures}>
          <div className={styles.figure}>
            <dt className={styles.figureLabel}>
              <Trans>Status</Trans>
            </dt>
            <dd className={styles.figureValue}>
              <MonthStatusBadge status={status} />
            </dd>
          </div>
          <div className={styles.figure}>
            <dt className={styles.figureLabel}>
              <Trans>Registered</Trans>
            </dt>
            <dd className={styles.figureValue} data-testid="month-total">
              {formatDuration(total)}
            </dd>
          </div>
          <div className={styles.figure}>
            <dt className={styles.figureLabel}>
              <Trans>Billable</Trans>
            </dt>
            <dd className={styles.figureValue}>{formatDuration(billable)}</dd>
          </div>
        </dl>
        {status === 'rejected' && comment && (
          <p className={styles.comment}>
            <Trans>Rejected: {comment}</Trans>
          </p>
        )}
        {entries.length > 0 && <MonthTotals entries={entries} customers={customers.data} />}
        <EntriesTable
          label={t`Entries in ${monthName}`}
          entries={entries}
          customers={customers.data}
          empty={t`Nothing registered in ${monthName}.`}
          actions={
            open
              ? (entry) => [
                  {
                    id: 'edit',
                    label: <Trans>Edit</Trans>,
                    name: t`Edit the entry of ${entry.date}`,
                    icon: <Pencil size={16} aria-hidden="true" />,
                    onSelect: () => {
                      setValues(formValuesOf(entry));
                      setEditing(entry.id);
                      void navigate({ to: '/admin/hours/register' });
                    },
                  },
                  {
                    id: 'delete',
                    label: <Trans>Delete</Trans>,
                    name: t`Delete the entry of ${entry.date}`,
                    icon: <Trash2 size={16} aria-hidden="true" />,
                    onSelect: () => setDeleting(entry),
                  },
                ]
              : undefined
          }
        />
        {open && entries.length > 0 && (
          <div>
            <Button icon={<Send size={16} aria-hidden="true" />} onClick={() => setConfirmSubmit(true)}>
              <Trans>Hand in {monthName} for approval</Trans>
            </Button>
          </div>
        )}
      </>
    );
  }

  return (
    <div className={styles.stack}>
      <div className={styles.toolbar}>
        <MonthSelect value={month} onChange={onMonthChange} />
      </div>
      {body}
      <ConfirmDialog
        open={confirmSubmit}
        onOpenChange={setConfirmSubmit}
        title={t`Hand in ${monthName}?`}
        description={t`An approver checks the month. You can't change its entries until it is rejected; once approved it is locked.`}
        confirmLabel={t`Hand in`}
        cancelLabel={t`Cancel`}
        pending={submit.isPending}
        onConfirm={() =>
          submit.mutate(month, {
            onSuccess: () => {
              setConfirmSubmit(false);
              notify.success(t`${monthName} handed in for approval`);
            },
          })
        }
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t`Delete the entry?`}
        description={
          deleting
            ? t`${formatDuration(deleting.minutes)} on ${deleting.date}: “${deleting.description}”. This can't be undone.`
            : ''
        }
        confirmLabel={t`Delete`}
        cancelLabel={t`Cancel`}
        destructive
        pending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              setDeleting(null);
              notify.success(t`Entry deleted`);
            },
          })
        }
      />
    </div>
  );
}
