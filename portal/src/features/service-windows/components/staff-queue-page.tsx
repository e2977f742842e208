import { useLingui as useLinguiCore } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { StaffQueue } from '@tidewatch/contract';
import { EmptyState, Table, type TableColumn } from '@tidewatch/ui';
import { Inbox } from 'lucide-react';
import { formatDateTime } from '../../../lib/format';
import { FailedState, LoadingState } from '../../../shared/query-state/query-state';
import { staffQueueQueryOptions } from '../api/service-windows';
import { windowSpan } from './labels';
import * as styles from './service-windows.css';

type QueuedProposal = StaffQueue['proposals'][number];
type QueuedExemption = StaffQueue['exemptions'][number];

/** Opens the page where the item is answered, with the header switched to its customer. */
function AnswerLink({
  section,
  customer,
  name,
}: {
  section: 'configuration' | 'exemptions';
  customer: QueuedProposal['customer'];
  name: string;
}) {
  return (
    // The address names the customer, so the link works the same opened in a new tab.
    <Link
      to="/customer/service-window/$section"
      params={{ section }}
      search={{ at: customer.id }}
      aria-label={name}
    >
      <Trans>Answer</Trans>
    </Link>
  );
}

/** /admin/service-window/queue: what customers wait for staff to answer, oldest first, across customers. */
export function StaffQueuePage() {
  const { t } = useLingui();
  const { i18n } = useLinguiCore();
  const queue = useQuery(staffQueueQueryOptions());
  if (queue.isPending) return <LoadingState lines={6} />;
  if (queue.isError) return <FailedState title={t`Could not load the queue`} query={queue} />;
  const { proposals, exemptions } = queue.data;
  if (proposals.length === 0 && exemptions.length === 0)
    return (
      <EmptyState
        icon={<Inbox size={32} aria-hidden="true" />}
        title={<Trans>Nothing waits for staff</Trans>}
      >
        <p>
          <Trans>
            Window proposals and exemptions that customers send show up here until they are answered.
          </Trans>
        </p>
      </EmptyState>
    );
  const customerColumn = {
    id: 'customer',
    header: t`Customer`,
    rowHeader: true,
    cell: (item: QueuedProposal | QueuedExemption) => item.customer.company_name,
  };
  const proposalColumns: TableColumn<QueuedProposal>[] = [
    customerColumn,
    { id: 'group', header: t`Update group`, cell: (item) => item.group.name },
    { id: 'note', header: t`Note`, cell: (item) => item.note || '—' },
    {
      id: 'by',
      header: t`Proposed`,
      cell: (item) => <AskedBy name={item.proposed_by?.name} at={item.proposed_at} />,
    },
    answerColumn(
      t`Actions`,
      'configuration',
      (item) => t`Answer the proposal for ${item.group.name} of ${item.customer.company_name}`,
    ),
  ];
  const exemptionColumns: TableColumn<QueuedExemption>[] = [
    customerColumn,
    {
      id: 'window',
      header: t`Window`,
      cell: (item) => (
        <>
          {windowSpan(item.window.starts_at, item.window.ends_at, i18n.locale)}
          <br />
          <span className={styles.muted}>{item.window.group?.name ?? ''}</span>
        </>
      ),
    },
    { id: 'reason', header: t`Reason`, cell: (item) => item.reason },
    {
      id: 'by',
      header: t`Asked`,
      cell: (item) => <AskedBy name={item.requested_by?.name} at={item.requested_at} />,
    },
    answerColumn(
      t`Actions`,
      'exemptions',
      (item) => t`Answer the exemption of ${item.customer.company_name}`,
    ),
  ];
  return (
    <div className={styles.stack}>
      <section className={styles.stack} aria-labelledby="queue-proposals">
        <h2 id="queue-proposals" className={styles.sectionTitle}>
          <Trans>Window proposals ({proposals.length})</Trans>
        </h2>
        <Table
          label={t`Window proposals`}
          columns={proposalColumns}
          rows={proposals}
          rowKey={(item) => item.id}
          empty={<p className={styles.muted}>{t`No proposals wait.`}</p>}
        />
      </section>
      <section className={styles.stack} aria-labelledby="queue-exemptions">
        <h2 id="queue-exemptions" className={styles.sectionTitle}>
          <Trans>Exemptions ({exemptions.length})</Trans>
        </h2>
        <Table
          label={t`Exemptions`}
          columns={exemptionColumns}
          rows={exemptions}
          rowKey={(item) => item.id}
          empty={<p className={styles.muted}>{t`No exemptions wait.`}</p>}
        />
      </section>
    </div>
  );
}

/** The row's link to where it is answered, at the end of the row, named for a screen reader. */
function answerColumn<Row extends { id: string; customer: QueuedProposal['customer'] }>(
  header: string,
  section: 'configuration' | 'exemptions',
  name: (row: Row) => string,
): TableColumn<Row> {
  return {
    id: 'answer',
    header,
    hideHeader: true,
    pinEnd: true,
    cell: (row) => <AnswerLink section={section} customer={row.customer} name={name(row)} />,
  };
}

/** Who asked, and when, in the reader's form. */
function AskedBy({ name, at }: { name: string | undefined; at: string }) {
  const { i18n } = useLinguiCore();
  return (
    <>
      {name ?? '—'}
      <br />
      <span className={styles.muted}>{formatDateTime(at, i18n.locale)}</span>
    </>
  );
}
