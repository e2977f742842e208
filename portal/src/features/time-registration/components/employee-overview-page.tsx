import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { EmployeeMonth } from '@tidewatch/contract';
import { formatDuration } from '@tidewatch/domain';
import { Button, Dialog, Table, type TableColumn, TextArea } from '@tidewatch/ui';
import { Check, Eye, X } from 'lucide-react';
import { useState } from 'react';
import { customersQueryOptions } from '../../../lib/customers';
import { formatMonth } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { FailedState, LoadingState, together } from '../../../shared/query-state/query-state';
import { employeeMonthQueryOptions, employeesQueryOptions, useDecideMonth } from '../api/time-registration';
import { monthsAgo } from '../months';
import { EntriesTable } from './entries-table';
import { MonthSelect } from './month-select';
import { MonthStatusBadge } from './month-status';
import { MonthTotals } from './month-totals';
import * as styles from './time.css';

/**
 * Employee overview (spec sections 2 and 6): every employee's month with its status; approvers
 * approve or reject a handed-in month of someone else, time_reg_reader and tam only read.
 */
export function EmployeeOverviewPage({
  month: chosen,
  onMonthChange,
  viewerId,
  canApprove,
}: {
  month: string | undefined;
  onMonthChange(month: string): void;
  viewerId: string;
  canApprove: boolean;
}) {
  const { t } = useLingui();
  const month = chosen ?? monthsAgo(1);
  const employees = useQuery(employeesQueryOptions(month));
  const [openedId, setOpenedId] = useState<string | null>(null);
  const opened = employees.data?.find((employee) => employee.user_id === openedId) ?? null;

  const columns: TableColumn<EmployeeMonth>[] = [
    { id: 'name', header: t`Employee`, rowHeader: true, cell: (employee) => employee.name },
    { id: 'status', header: t`Status`, cell: (employee) => <MonthStatusBadge status={employee.status} /> },
    {
      id: 'minutes',
      header: t`Registered`,
      numeric: true,
      cell: (employee) => formatDuration(employee.minutes),
    },
    {
      id: 'billable',
      header: t`Billable`,
      numeric: true,
      cell: (employee) => formatDuration(employee.billable_minutes),
    },
    {
      id: 'open',
      header: t`Actions`,
      hideHeader: true,
      pinEnd: true,
      cell: (employee) => (
        <Button
          variant="ghost"
          size="sm"
          icon={<Eye size={16} aria-hidden="true" />}
          aria-label={t`Show ${employee.name}’s entries`}
          onClick={() => setOpenedId(employee.user_id)}
        >
          <Trans>Show entries</Trans>
        </Button>
      ),
    },
  ];

  let list: React.ReactNode;
  if (employees.error && !employees.data)
    list = <FailedState title={t`Could not load the employees’ months`} query={employees} />;
  else if (!employees.data) list = <LoadingState lines={4} />;
  else
    list = (
      <Table
        label={t`Employees`}
        columns={columns}
        rows={employees.data}
        rowKey={(employee) => employee.user_id}
        empty={t`No employees register time.`}
      />
    );

  return (
    <div className={styles.stack}>
      <div className={styles.toolbar}>
        <MonthSelect
          value={month}
          onChange={(next) => {
            setOpenedId(null);
            onMonthChange(next);
          }}
        />
      </div>
      {list}
      {opened && (
        <EmployeeMonthDetail
          key={`${opened.user_id}-${month}`}
          employee={opened}
          month={month}
          canDecide={canApprove && opened.user_id !== viewerId && opened.status === 'submitted'}
        />
      )}
    </div>
  );
}

function EmployeeMonthDetail({
  employee,
  month,
  canDecide,
}: {
  employee: EmployeeMonth;
  month: string;
  canDecide: boolean;
}) {
  const { t, i18n } = useLingui();
  const detail = useQuery(employeeMonthQueryOptions(employee.user_id, month));
  const customers = useQuery(customersQueryOptions());
  const decide = useDecideMonth();
  const [rejecting, setRejecting] = useState(false);
  const [comment, setComment] = useState('');
  const [commentError, setCommentError] = useState<string[] | undefined>();
  const monthName = formatMonth(month, i18n.locale);
  const name = employee.name;

  const record = (decision: 'approve' | 'reject') =>
    decide.mutate(
      { userId: employee.user_id, month, decision, comment: comment.trim() || undefined },
      {
        onSuccess: () => {
          setRejecting(false);
          notify.success(
            decision === 'approve' ? t`${name}’s ${monthName} approved` : t`${name}’s ${monthName} rejected`,
          );
        },
      },
    );

  let body: React.ReactNode;
  if (detail.error && !detail.data)
    body = <FailedState title={t`Could not load ${name}’s entries`} query={together(detail, customers)} />;
  else if (customers.error && !customers.data)
    body = <FailedState title={t`Could not load the customers`} query={customers} />;
  else if (!detail.data || !customers.data) body = <LoadingState lines={4} />;
  else
    body = (
      <>
        {detail.data.status === 'rejected' && detail.data.comment && (
          <p className={styles.comment}>
            <Trans>Rejected: {detail.data.comment}</Trans>
          </p>
        )}
        {detail.data.entries.length > 0 && (
          <MonthTotals entries={detail.data.entries} customers={customers.data} />
        )}
        <EntriesTable
          label={t`${name}’s entries in ${monthName}`}
          entries={detail.data.entries}
          customers={customers.data}
          empty={t`Nothing registered in ${monthName}.`}
        />
      </>
    );

  return (
    <section aria-labelledby="employee-month-title" className={styles.stack}>
      <h2 id="employee-month-title" className={styles.sectionTitle}>
        <Trans>
          {name}, {monthName}
        </Trans>{' '}
        <MonthStatusBadge status={employee.status} />
      </h2>
      {canDecide && (
        <div className={styles.toolbar}>
          <Button
            icon={<Check size={16} aria-hidden="true" />}
            loading={decide.isPending}
            onClick={() => record('approve')}
          >
            <Trans>Approve {monthName}</Trans>
          </Button>
          <Button
            variant="secondary"
            icon={<X size={16} aria-hidden="true" />}
            onClick={() => setRejecting(true)}
          >
            <Trans>Reject…</Trans>
          </Button>
        </div>
      )}
      {body}
      <Dialog
        open={rejecting}
        onOpenChange={setRejecting}
        title={t`Reject ${name}’s ${monthName}?`}
        description={t`The month opens again so ${name} can correct it. Say what needs to change.`}
      >
        <form
          className={styles.form}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!comment.trim()) {
              setCommentError([t`Say why the month is rejected`]);
              return;
            }
            record('reject');
          }}
        >
          <div className={styles.wide}>
            <TextArea
              label={<Trans>Comment</Trans>}
              required
              value={comment}
              errors={commentError}
              onChange={(event) => {
                setComment(event.currentTarget.value);
                setCommentError(undefined);
              }}
            />
          </div>
          <div className={styles.formActions}>
            <Button variant="secondary" onClick={() => setRejecting(false)}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" variant="danger" loading={decide.isPending}>
              <Trans>Reject the month</Trans>
            </Button>
          </div>
        </form>
      </Dialog>
    </section>
  );
}
