import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { Invoice } from '@tidewatch/contract';
import { INVOICE_STATUSES, type InvoiceStatus, invoiceAllows } from '@tidewatch/domain';
import {
  Button,
  EmptyState,
  type RowAction,
  RowActions,
  Select,
  StatusBadge,
  type StatusTone,
  type TableColumn,
} from '@tidewatch/ui';
import { Banknote, FileText, Send, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { formatDate } from '../../../lib/format';
import { MonthFilter } from '../../../shared/filters/month-filter';
import { PagedTable } from '../../../shared/paged-table';
import { invoicesQueryOptions, useDownloadCreditNote, useDownloadInvoice } from '../api/invoices';
import { changeInvoiceView, type InvoiceView, invoiceQueryOf, PAGE_SIZE } from '../list-view';
import { formatCents } from '../money';
import { CeilingPanel } from './ceiling-panel';
import { type InvoiceAction, InvoiceStepDialog } from './invoice-step-dialog';
import * as styles from './invoices.css';

const STATUS_TONES: Record<InvoiceStatus, StatusTone> = {
  draft: 'neutral',
  issued: 'info',
  paid: 'success',
  overdue: 'danger',
  credited: 'neutral',
};

/**
 * /customer/invoices: invoices newest first with totals and PDFs, and the month's spend against the
 * expense ceilings. Staff see every customer's until they choose one in the header.
 */
export function InvoicesPage({
  customerId,
  staff,
  canManageInvoices,
  canManageCeilings,
  view,
  onViewChange,
}: {
  customerId: string | null;
  staff: boolean;
  /** Finance and admin: issue drafts, record payments, write credit notes (decision 0065). */
  canManageInvoices: boolean;
  canManageCeilings: boolean;
  view: InvoiceView;
  onViewChange(view: InvoiceView, options?: { replace?: boolean }): void;
}) {
  const { t, i18n } = useLingui();
  const query = invoiceQueryOf(view, customerId);
  const list = useQuery(invoicesQueryOptions(query));
  const download = useDownloadInvoice();
  const downloadCreditNote = useDownloadCreditNote();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [asking, setAsking] = useState<{ action: InvoiceAction; invoices: Invoice[] } | null>(null);
  const selectedFor = (action: InvoiceAction) =>
    (list.data?.data ?? []).filter(
      (invoice) => selected.has(invoice.id) && invoiceAllows(invoice.status, action),
    );
  const toIssue = selectedFor('issue');
  const toPay = selectedFor('pay');
  const change = (next: Partial<InvoiceView>) =>
    onViewChange(changeInvoiceView(view, next), { replace: true });
  const money = (cents: number) => formatCents(cents, i18n.locale);
  const filtered = Boolean(view.status || view.from || view.to);
  const statusLabels: Record<InvoiceStatus, string> = {
    draft: t`Draft`,
    issued: t`Issued`,
    paid: t`Paid`,
    overdue: t`Overdue`,
    credited: t`Credited`,
  };
  const nameOf = (invoice: Invoice) =>
    invoice.number ?? t`Draft of ${invoice.company_name}, ${invoice.period}`;
  const rowActions = (invoice: Invoice): RowAction[] => {
    const name = nameOf(invoice);
    const actions: RowAction[] = [];
    if (invoiceAllows(invoice.status, 'issue'))
      actions.push({
        id: 'issue',
        label: t`Issue`,
        name: t`Issue ${name}`,
        icon: <Send size={16} aria-hidden="true" />,
        onSelect: () => setAsking({ action: 'issue', invoices: [invoice] }),
      });
    if (invoiceAllows(invoice.status, 'pay'))
      actions.push({
        id: 'pay',
        label: t`Mark paid`,
        name: t`Mark ${name} paid`,
        icon: <Banknote size={16} aria-hidden="true" />,
        onSelect: () => setAsking({ action: 'pay', invoices: [invoice] }),
      });
    if (invoiceAllows(invoice.status, 'credit'))
      actions.push({
        id: 'credit',
        label: t`Credit`,
        name: t`Credit ${name}`,
        icon: <Undo2 size={16} aria-hidden="true" />,
        onSelect: () => setAsking({ action: 'credit', invoices: [invoice] }),
      });
    return actions;
  };

  const columns: TableColumn<Invoice>[] = [
    {
      id: 'number',
      header: t`Number`,
      rowHeader: true,
      cell: (invoice) => invoice.number ?? <span className={styles.muted}>{t`Not yet numbered`}</span>,
    },
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
        <>
          <StatusBadge tone={STATUS_TONES[invoice.status]}>{statusLabels[invoice.status]}</StatusBadge>
          {invoice.paid_on && (
            <span className={styles.statusNote}>{formatDate(invoice.paid_on, i18n.locale)}</span>
          )}
        </>
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
        const name = nameOf(invoice);
        const creditNote = invoice.credit_note;
        const creditNumber = creditNote?.number;
        return (
          <span className={styles.downloads}>
            <Button
              variant="secondary"
              size="sm"
              loading={download.isPending && download.variables?.id === invoice.id}
              onClick={() => download.mutate(invoice)}
              aria-label={t`Download invoice ${name} (PDF)`}
            >
              <Trans>Download</Trans>
            </Button>
            {creditNote && (
              <Button
                variant="ghost"
                size="sm"
                loading={downloadCreditNote.isPending && downloadCreditNote.variables?.id === creditNote.id}
                onClick={() => downloadCreditNote.mutate(creditNote)}
                aria-label={t`Download credit note ${creditNumber} (PDF)`}
              >
                <Trans>Credit note {creditNumber}</Trans>
              </Button>
            )}
          </span>
        );
      },
    },
    ...(canManageInvoices
      ? [
          {
            id: 'actions',
            header: t`Actions`,
            hideHeader: true,
            pinEnd: true,
            cell: (invoice: Invoice) => (
              <RowActions label={t`Actions for ${nameOf(invoice)}`} actions={rowActions(invoice)} />
            ),
          },
        ]
      : []),
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
      {canManageInvoices && (
        <div className={styles.bulkActions} role="toolbar" aria-label={t`Selected invoices`}>
          <Button
            variant="secondary"
            size="sm"
            icon={<Send size={16} aria-hidden="true" />}
            disabled={toIssue.length === 0}
            onClick={() => setAsking({ action: 'issue', invoices: toIssue })}
          >
            <Trans>Issue selected drafts ({toIssue.length})</Trans>
          </Button>
          <Button
            variant="secondary"
            size="sm"
            icon={<Banknote size={16} aria-hidden="true" />}
            disabled={toPay.length === 0}
            onClick={() => setAsking({ action: 'pay', invoices: toPay })}
          >
            <Trans>Mark selected paid ({toPay.length})</Trans>
          </Button>
        </div>
      )}
      {asking && (
        <InvoiceStepDialog
          action={asking.action}
          invoices={asking.invoices}
          onClose={(done) => {
            setAsking(null);
            if (done) setSelected(new Set());
          }}
        />
      )}
      <PagedTable
        label={t`Invoices`}
        {...(canManageInvoices && {
          selection: {
            selected,
            onChange: setSelected,
            rowLabel: (invoice: Invoice) => t`Select ${nameOf(invoice)}`,
            allLabel: t`Select all invoices on this page`,
          },
        })}
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
