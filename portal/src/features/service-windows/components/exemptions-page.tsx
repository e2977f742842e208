import { useLingui as useLinguiCore } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Exemption } from '@tidewatch/contract';
import { EmptyState, RowActions, Select, StatusBadge, type TableColumn } from '@tidewatch/ui';
import { CircleSlash, Gavel } from 'lucide-react';
import { useState } from 'react';
import { notify } from '../../../lib/notify';
import type { CursorTrail } from '../../../shared/cursor-pager';
import { PagedTable } from '../../../shared/paged-table';
import { exemptionsQueryOptions, PAGE_SIZE, useResolveExemption } from '../api/service-windows';
import { REQUEST_STATUS, windowSpan } from './labels';
import { ResolveDialog } from './resolve-dialog';
import * as styles from './service-windows.css';
import { ZonedStart } from './window-time';

type Status = 'requested' | 'approved' | 'rejected';
interface View extends CursorTrail {
  status?: Status | undefined;
}

/** /customer/service-window/exemptions: requests to skip windows; staff approve or reject them. */
export function ExemptionsPage({ customerId, canResolve }: { customerId: string; canResolve: boolean }) {
  const { t } = useLingui();
  const { i18n } = useLinguiCore();
  const [view, setView] = useState<View>({});
  const [answering, setAnswering] = useState<Exemption | null>(null);
  const resolve = useResolveExemption(customerId);
  const cursor = view.cursors?.at(-1);
  const list = useQuery({
    ...exemptionsQueryOptions(customerId, view.status, cursor),
    placeholderData: keepPreviousData,
    meta: { errorMessage: t`Could not load the exemptions` },
  });
  const listQuery = { status: view.status, cursor };
  const columns: TableColumn<Exemption>[] = [
    {
      id: 'window',
      header: t`Window (your time)`,
      rowHeader: true,
      cell: (item) => (
        <>
          {windowSpan(item.window.starts_at, item.window.ends_at, i18n.locale)}
          <br />
          <span className={styles.muted}>
            {item.window.group?.name ?? ''} ·{' '}
            <ZonedStart
              startsAt={item.window.starts_at}
              timeZone={item.window.timezone}
              locale={i18n.locale}
            />
          </span>
        </>
      ),
    },
    {
      id: 'targets',
      header: t`Skip for`,
      cell: (item) =>
        item.all_targets ? t`Every target` : <span className={styles.mono}>{item.certnames.join(', ')}</span>,
    },
    { id: 'reason', header: t`Reason`, cell: (item) => item.reason },
    { id: 'by', header: t`Asked by`, cell: (item) => item.requested_by?.name ?? '—' },
    {
      id: 'status',
      header: t`Status`,
      cell: (item) => (
        <>
          <StatusBadge tone={REQUEST_STATUS[item.status].tone}>
            {i18n._(REQUEST_STATUS[item.status].label)}
          </StatusBadge>
          {item.resolution_comment && <p className={styles.muted}>{item.resolution_comment}</p>}
        </>
      ),
    },
    ...(canResolve
      ? [
          {
            id: 'actions',
            header: t`Actions`,
            hideHeader: true,
            pinEnd: true,
            cell: (item: Exemption) =>
              item.status === 'requested' ? (
                <RowActions
                  label={t`Actions for the exemption`}
                  actions={[
                    {
                      id: 'answer',
                      label: <Trans>Answer</Trans>,
                      name: t`Answer the exemption`,
                      icon: <Gavel size={14} aria-hidden="true" />,
                      onSelect: () => setAnswering(item),
                    },
                  ]}
                />
              ) : null,
          },
        ]
      : []),
  ];
  return (
    <div className={styles.stack}>
      <div className={styles.filters}>
        <div className={styles.filter}>
          <Select
            label={<Trans>Status</Trans>}
            value={view.status ?? ''}
            onChange={(event) => setView({ status: (event.target.value || undefined) as Status | undefined })}
          >
            <option value="">{t`Any status`}</option>
            <option value="requested">{i18n._(REQUEST_STATUS.requested.label)}</option>
            <option value="approved">{i18n._(REQUEST_STATUS.approved.label)}</option>
            <option value="rejected">{i18n._(REQUEST_STATUS.rejected.label)}</option>
          </Select>
        </div>
      </div>
      <PagedTable
        label={t`Exemptions`}
        columns={columns}
        rowKey={(item) => item.id}
        list={list}
        query={listQuery}
        failedTitle={t`Could not load the exemptions`}
        pager={{ label: t`Exemption pages`, view, onViewChange: setView, pageSize: PAGE_SIZE }}
        empty={
          <EmptyState
            icon={<CircleSlash size={32} aria-hidden="true" />}
            title={<Trans>No exemptions</Trans>}
          >
            <p>
              <Trans>To skip a window, choose Ask to skip on it in Bookings.</Trans>
            </p>
          </EmptyState>
        }
      />
      <ResolveDialog
        key={answering?.id ?? 'none'}
        open={answering !== null}
        title={<Trans>Answer the exemption</Trans>}
        description={answering?.reason}
        pending={resolve.isPending}
        onClose={() => setAnswering(null)}
        onResolve={(decision, comment) => {
          if (!answering) return;
          resolve.mutate(
            { id: answering.id, decision, comment },
            {
              onSuccess: (done) => {
                notify.success(done.status === 'approved' ? t`Exemption approved` : t`Exemption rejected`);
                setAnswering(null);
              },
            },
          );
        }}
      />
    </div>
  );
}
