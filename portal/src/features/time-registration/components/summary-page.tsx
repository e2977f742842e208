import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { planName } from '@tidewatch/content';
import type { CustomerSummary } from '@tidewatch/contract';
import { formatDuration } from '@tidewatch/domain';
import { BarChart, buttonClass, Card, Table, type TableColumn } from '@tidewatch/ui';
import { Download } from 'lucide-react';
import { formatEuros, formatMonth } from '../../../lib/format';
import { FailedState, LoadingState } from '../../../shared/query-state/query-state';
import { summaryCsvHref, summaryQueryOptions } from '../api/time-registration';
import { monthsAgo } from '../months';
import { MonthSelect } from './month-select';
import * as styles from './time.css';

type SummaryLevel = CustomerSummary['levels'][number];

/**
 * Summary (spec sections 2 and 9): per customer, a month's approved billable minutes by
 * consultation level, the free time used and what is billed; a chart and a CSV export.
 */
export function SummaryPage({
  month: chosen,
  onMonthChange,
}: {
  month: string | undefined;
  onMonthChange(month: string): void;
}) {
  const { t, i18n } = useLingui();
  const month = chosen ?? monthsAgo(1);
  const summary = useQuery(summaryQueryOptions(month));
  const monthName = formatMonth(month, i18n.locale);
  const euros = (amount: number) => formatEuros(amount, i18n.locale);

  let body: React.ReactNode;
  if (summary.error && !summary.data)
    body = <FailedState title={t`Could not load the summary`} query={summary} />;
  else if (!summary.data) body = <LoadingState lines={6} />;
  else if (summary.data.customers.length === 0)
    body = (
      <p className={styles.muted} data-state="empty">
        <Trans>No billable time was registered in {monthName}.</Trans>
      </p>
    );
  else
    body = (
      <>
        <dl className={styles.figures}>
          <div className={styles.figure}>
            <dt className={styles.figureLabel}>
              <Trans>To bill for {monthName}</Trans>
            </dt>
            <dd className={styles.figureValue} data-testid="summary-total">
              {euros(summary.data.total_eur)}
            </dd>
          </div>
        </dl>
        <BarChart
          title={t`Billable amount per customer`}
          formatValue={euros}
          data={summary.data.customers.map((customer) => ({
            id: customer.customer_id,
            label: customer.company_name,
            value: customer.total_eur,
          }))}
        />
        {summary.data.customers.map((customer) => (
          <CustomerBill key={customer.customer_id} customer={customer} euros={euros} />
        ))}
      </>
    );

  return (
    <div className={styles.stack}>
      <div className={styles.toolbar}>
        <MonthSelect value={month} onChange={onMonthChange} />
        <a className={buttonClass({ variant: 'secondary' })} href={summaryCsvHref(month)} download>
          <Download size={16} aria-hidden="true" />
          <Trans>Export CSV</Trans>
        </a>
      </div>
      <p className={styles.muted}>
        <Trans>
          Approved, billable time only. Each task is billed by the minute, at least 15 minutes. The plan’s
          free consultation time (15 minutes on Basic, an hour on the other plans) covers level 1 and 2 work
          within business hours, 08:00–17:00 on weekdays in the customer’s time zone.
        </Trans>
      </p>
      {body}
    </div>
  );
}

function CustomerBill({ customer, euros }: { customer: CustomerSummary; euros(amount: number): string }) {
  const { t } = useLingui();
  const columns: TableColumn<SummaryLevel>[] = [
    { id: 'level', header: t`Level`, rowHeader: true, cell: (level) => t`Level ${level.level}` },
    { id: 'worked', header: t`Worked`, numeric: true, cell: (level) => formatDuration(level.worked_minutes) },
    {
      id: 'billed',
      header: t`Billed time`,
      numeric: true,
      cell: (level) => formatDuration(level.billed_minutes),
    },
    {
      id: 'business',
      header: t`In business hours`,
      numeric: true,
      cell: (level) => formatDuration(level.business_minutes),
    },
    {
      id: 'outside',
      header: t`Outside`,
      numeric: true,
      cell: (level) => formatDuration(level.outside_minutes),
    },
    { id: 'free', header: t`Free`, numeric: true, cell: (level) => formatDuration(level.free_minutes) },
    {
      id: 'charged',
      header: t`Charged`,
      numeric: true,
      cell: (level) => formatDuration(level.charged_minutes),
    },
    { id: 'amount', header: t`Amount`, numeric: true, cell: (level) => euros(level.amount_eur) },
  ];
  const plan = customer.plan ? planName(customer.plan) : t`no plan`;
  const freeUsed = formatDuration(customer.free_minutes_used);
  const freeIncluded = formatDuration(customer.free_minutes_included);
  return (
    <Card
      title={`${customer.company_name}: ${euros(customer.total_eur)}`}
      data-customer={customer.customer_id}
    >
      <div className={styles.stack}>
        <p className={styles.muted}>
          <Trans>
            Plan: {plan}. Free time used: {freeUsed} of {freeIncluded}. Time zone: {customer.timezone}.
          </Trans>
          {customer.unapproved_minutes > 0 && (
            <>
              {' '}
              <Trans>
                {formatDuration(customer.unapproved_minutes)} more is waiting for approval and not billed yet.
              </Trans>
            </>
          )}
        </p>
        <Table
          label={t`${customer.company_name} by level`}
          columns={columns}
          rows={customer.levels}
          rowKey={(level) => String(level.level)}
          empty={t`Nothing approved yet.`}
        />
      </div>
    </Card>
  );
}
