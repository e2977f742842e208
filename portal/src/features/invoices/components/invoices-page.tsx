import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { Invoice } from '@tidewatch/contract';
import { INVOICE_STATUSES, type InvoiceStatus } from '@tidewatch/domain';
import { Button, EmptyState, Select, StatusBadge, type StatusTone, type TableColumn } from '@tidewatch/ui';
import { FileText } from 'lucide-react';
import { MonthFilter } from '../../../app/filters/month-filter';
import { PagedTable } from '../../../app/paged-table';
import { formatDate } from '../../../lib/format';
import { invoicesQueryOptions, useDownloadInvoice } from '../api/invoices';
import { changeInvoiceView, type InvoiceView, invoiceQueryOf, PAGE_SIZE } from '../list-view';
import { formatCents } from '../money';
import { CeilingPanel } from './ceiling-panel';
import * as styles from './invoices.css';

const STATUS_TONES: Record<InvoiceStatus, StatusTone> = {
  draft: 'neutral',
  issued: 'info',
  paid: 'success',
  overdue: 'danger',
};

/**
 * /customer/invoices: invoices newest first with totals and PDFs, and the month's spend against the
 * expense ceilings. Staff see every customer's until they choose one in the header.
 */
export function InvoicesPage({
  customerId,
  staff,
  canManageCeilings,
  view,
  onViewChange,
}: {
  customerId: string | null;
  staff: boolean;
  canManageCeilings: boolean;
  view: InvoiceView;
  onViewChange(view: InvoiceView, options?: { replace?: boolean }): void;
}) {
  const { t, i18n } = useLingui();
  const query = invoiceQueryOf(view, customerId);
  const list = useQuery(invoicesQueryOptions(query));
  const download = useDownloadInvoice();
  const change = (next: Partial<InvoiceView>) =>
    onViewChange(changeInvoiceView(view, next), { replace: true });
  const money = (cents: number) => formatCents(cents, i18n.locale);
  const filtered = Boolean(view.status || view.from || view.to);
  const statusLabels: Record<InvoiceStatus, string> = {
    draft: t`Draft`,
    issued: t`Issued`,
    paid: t`Paid`,
    overdue: t`Overdue`,
  };

  const columns: TableColumn<Invoice>[] = [
    { id: 'number', header: t`Number`, rowHeader: true, cell: (invoice) => invoice.number },
    ...(staff && !customerId
      ? [{ id: 'customer', header: t`Customer`, cell: (invoice: Invoice) => invoice.company_name }]
      : []),
    {
      id: 'period',
      header: t`Period`,
      cell: (invoice) => <span className={styles.nowrap}>{invoice.period}</span>,
    },
    {
      id: 'due',
      header: t`Due`,
      cell: (invoice) => <span className={styles.nowrap}>{formatDate(invoice.due_date, i18n.locale)}</span>,
    },
    {
      id: 'status',
      header: t`Status`,
      cell: (invoice) => (
        <StatusBadge tone={STATUS_TONES[invoice.status]}>{statusLabels[invoice.status]}</StatusBadge>
      ),
    },
    {
      id: 'total',
      header: t`Total`,
      cell: (invoice) => <span className={styles.nowrap}>{money(invoice.total_cents)}</span>,
    },
    {
      id: 'pdf',
      header: t`PDF`,
      cell: (invoice) => {
        const number = invoice.number;
        return (
          <Button
            variant="secondary"
            size="sm"
            loading={download.isPending && download.variables?.id === invoice.id}
            onClick={() => download.mutate(invoice)}
            aria-label={t`Download invoice ${number} (PDF)`}
          >
            <Trans>Download</Trans>
          </Button>
        );
      },
    },
  ];

  return (
    <div className={styles.stack}>
      {customerId && (
        // The sidebar holds the spec's items only; plans and their coming changes open from here.
        <p>
          <Link to="/customer/plans">
            <Trans>Plans and coming plan changes</Trans>
          </Link>
        </p>
      )}
      {customerId && <CeilingPanel customerId={customerId} canManage={canManageCeilings} />}
      <search aria-label={t`Filter invoices`} className={styles.filters}>
        <Select
          label={<Trans>Status</Trans>}
          value={view.status ?? ''}
          onChange={(event) =>
            change({ status: (event.target.value || undefined) as InvoiceStatus | undefined })
          }
        >
          <option value="">{t`Every status`}</option>
          {/* Customers are never shown drafts (decision 0054). */}
          {INVOICE_STATUSES.filter((status) => staff || status !== 'draft').map((status) => (
            <option key={status} value={status}>
              {statusLabels[status]}
            </option>
          ))}
        </Select>
        <MonthFilter
          label={<Trans>From month</Trans>}
          value={view.from}
          max={view.to}
          onChange={(from) => change({ from })}
        />
        <MonthFilter
          label={<Trans>To month</Trans>}
          value={view.to}
          min={view.from}
          onChange={(to) => change({ to })}
        />
      </search>
      {list.data && (
        <dl className={styles.totals} data-testid="invoice-totals">
          <div className={styles.total}>
            <dt className={styles.totalLabel}>
              <Trans>Invoiced</Trans>
            </dt>
            <dd className={styles.totalValue}>{money(list.data.totals.total_cents)}</dd>
          </div>
          <div className={styles.total}>
            <dt className={styles.totalLabel}>
              <Trans>Outstanding</Trans>
            </dt>
            <dd className={styles.totalValue}>{money(list.data.totals.outstanding_cents)}</dd>
          </div>
          <div className={styles.total}>
            <dt className={styles.totalLabel}>
              <Trans>Overdue</Trans>
            </dt>
            <dd className={styles.totalValue}>{money(list.data.totals.overdue_cents)}</dd>
          </div>
        </dl>
      )}
      <PagedTable
        label={t`Invoices`}
        columns={columns}
        rowKey={(invoice) => invoice.id}
        list={list}
        query={query}
        failedTitle={t`Could not load the invoices`}
        pager={{ label: t`Invoice pages`, view, onViewChange, pageSize: PAGE_SIZE }}
        empty={
          <EmptyState
            icon={<FileText size={32} aria-hidden="true" />}
            title={<Trans>No invoices here</Trans>}
          >
            <p>
              {filtered ? (
                <Trans>Nothing matches these filters.</Trans>
              ) : (
                <Trans>Invoices are written on your invoice day each month and listed here.</Trans>
              )}
            </p>
          </EmptyState>
        }
      />
    </div>
  );
}
