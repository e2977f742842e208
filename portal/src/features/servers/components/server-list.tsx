import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { FLEET_SORTS, SERVER_SORTS } from '@tidewatch/contract';
import {
  Badge,
  Button,
  buttonClass,
  EmptyState,
  nextSort,
  Select,
  Table,
  type TableColumn,
} from '@tidewatch/ui';
import { Download, Plus, SearchX, ServerOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { formatDateTime, formatRelativeTime } from '../../../lib/format';
import { CursorPager, useListTotal } from '../../../shared/cursor-pager';
import { usePlanName } from '../../../shared/labels/plan-label';
import {
  EndOfLifeBadge,
  FailedRunBadge,
  ServerStatusBadge,
  useRoleName,
} from '../../../shared/labels/server-labels';
import { FailedState } from '../../../shared/query-state/query-state';
import { type ListedServer, serverExportUrl, serverListQueryOptions } from '../api/servers';
import { apiSortOf, changeView, filtersOf, hasFilters, listQueryOf, tableSortOf } from '../list-query';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type ServerListView } from '../list-view';
import { BulkTagBar } from './bulk-tag-bar';
import { ServerFiltersBar } from './server-filters';
import * as styles from './servers.css';

/**
 * /user/servers: one page of the customer's servers at a time, its view kept in the URL; with no
 * customer, /admin/fleet: every customer's servers, failing and stale first, with a customer column.
 */
export function ServerList<V extends ServerListView>({
  customerId,
  canManage,
  view,
  onViewChange,
}: {
  customerId: string | null;
  canManage: boolean;
  view: V;
  onViewChange(view: V, options?: { replace?: boolean }): void;
}) {
  const { t, i18n } = useLingui();
  const planName = usePlanName();
  const roleName = useRoleName();
  const list = useQuery({ ...serverListQueryOptions(customerId, listQueryOf(view)) });
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const viewKey = JSON.stringify(view);
  // A new page or filter shows other servers: a selection made on the last one would act unseen.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the view's identity is what matters
  useEffect(() => setSelected(new Set()), [viewKey, customerId]);

  const now = new Date();
  const fleet = customerId === null;
  const sorts = fleet ? FLEET_SORTS : SERVER_SORTS;
  const sort = tableSortOf(view, sorts[0]);
  const columns: TableColumn<ListedServer>[] = [
    {
      id: 'certname',
      header: t`Certname`,
      sortable: true,
      rowHeader: true,
      // A server's page belongs to its customer: from the fleet its address names it, so the header switches, in a new tab too.
      cell: (server) => (
        <Link
          to="/user/servers/$certname"
          params={{ certname: server.certname }}
          search={fleet && server.customer_id ? { at: server.customer_id } : {}}
          className={styles.certnameLink}
        >
          {server.certname}
        </Link>
      ),
    },
    ...(fleet
      ? [
          {
            id: 'customer',
            header: t`Customer`,
            sortable: true,
            cell: (server: ListedServer) => server.customer_name,
          },
        ]
      : []),
    {
      id: 'status',
      header: t`Status`,
      sortable: true,
      cell: (server) => (
        <span className={styles.stack}>
          <ServerStatusBadge status={server.status} />
          {server.last_run?.status === 'failed' && <FailedRunBadge />}
        </span>
      ),
    },
    {
      id: 'os',
      header: t`OS`,
      sortable: true,
      cell: (server) =>
        server.os ? (
          <span className={styles.stack}>
            {server.os.name}
            {server.os.past_end_of_life && <EndOfLifeBadge />}
          </span>
        ) : (
          <span className={styles.muted}>{t`Not reported yet`}</span>
        ),
    },
    { id: 'plan', header: t`Plan`, sortable: true, cell: (server) => planName(server.plan) },
    {
      id: 'roles',
      header: t`Roles`,
      cell: (server) =>
        server.roles.length ? server.roles.map(roleName).join(', ') : <span className={styles.muted}>–</span>,
    },
    {
      id: 'tags',
      header: t`Tags`,
      cell: (server) => (
        <span className={styles.tags}>
          {server.tags.map((tag) => (
            <Badge key={tag}>{tag}</Badge>
          ))}
        </span>
      ),
    },
    {
      id: 'last_seen',
      header: t`Last seen`,
      sortable: true,
      cell: (server) =>
        server.last_seen ? (
          <time
            dateTime={server.last_seen}
            title={formatDateTime(server.last_seen, i18n.locale)}
            className={styles.nowrap}
          >
            {formatRelativeTime(server.last_seen, now, i18n.locale, 'short')}
          </time>
        ) : (
          <span className={styles.muted}>{t`Never`}</span>
        ),
    },
  ];

  const rows = list.data?.data ?? [];
  const total = useListTotal(listQueryOf(view), list.data);
  const limit = view.limit ?? DEFAULT_PAGE_SIZE;
  const filtered = hasFilters(view);

  const empty = list.isError ? (
    <FailedState title={t`Could not load the servers`} query={list}>
      {view.cursors?.length ? (
        <Button variant="ghost" onClick={() => onViewChange(changeView(view, {}))}>
          <Trans>Start from the first page</Trans>
        </Button>
      ) : null}
    </FailedState>
  ) : filtered ? (
    <EmptyState icon={<SearchX size={32} aria-hidden="true" />} title={t`No server matches`}>
      <p className={styles.muted}>
        <Trans>Try another search, or clear the filters to see every server.</Trans>
      </p>
      <Button variant="secondary" onClick={() => onViewChange(clearFilters(view))}>
        <Trans>Clear filters</Trans>
      </Button>
    </EmptyState>
  ) : fleet ? (
    <EmptyState icon={<ServerOff size={32} aria-hidden="true" />} title={t`No customer has a server yet`} />
  ) : (
    <EmptyState icon={<ServerOff size={32} aria-hidden="true" />} title={t`No servers yet`}>
      <p className={styles.muted}>
        <Trans>Add your first server: it takes one command on the machine.</Trans>
      </p>
      {canManage && <AddServerLink />}
    </EmptyState>
  );

  return (
    <div className={styles.page}>
      <div className={styles.toolbar}>
        <p className={styles.lead}>
          {total?.estimate ? (
            <Plural value={total.count} one="about # server" other="about # servers" />
          ) : total ? (
            <Plural value={total.count} one="# server" other="# servers" />
          ) : list.data || list.isError ? null : (
            <span className={styles.muted}>
              <Trans>Loading servers…</Trans>
            </span>
          )}
        </p>
        <div className={styles.actions}>
          <a
            href={serverExportUrl(customerId, filtersOf(view))}
            download
            className={buttonClass({ variant: 'secondary', size: 'sm' })}
          >
            <Download size={16} aria-hidden="true" />
            <Trans>Export CSV</Trans>
          </a>
          {canManage && <AddServerLink />}
        </div>
      </div>

      <ServerFiltersBar
        customerId={customerId}
        view={view}
        onChange={(change, options) => onViewChange(changeView(view, change as Partial<V>), options)}
        onClear={() => onViewChange(clearFilters(view))}
      />

      {canManage && customerId && selected.size > 0 && (
        <BulkTagBar customerId={customerId} selected={selected} onDone={() => setSelected(new Set())} />
      )}

      <Table
        label={t`Servers`}
        columns={columns}
        rows={rows}
        rowKey={(server) => server.certname}
        sort={sort}
        onSort={(column) =>
          onViewChange(changeView(view, { sort: apiSortOf(nextSort(sort, column), sorts) } as Partial<V>))
        }
        selection={
          canManage
            ? {
                selected,
                onChange: setSelected,
                rowLabel: (server) => t`Select ${server.certname}`,
                allLabel: t`Select all servers on this page`,
              }
            : undefined
        }
        loading={list.isPending || list.isPlaceholderData}
        empty={empty}
      />

      <div className={styles.pager}>
        <Select
          label={t`Rows per page`}
          value={String(limit)}
          onChange={(event) =>
            onViewChange(
              changeView(view, {
                limit: Number(event.target.value) as ServerListView['limit'],
              } as Partial<V>),
            )
          }
        >
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </Select>
        <div className={styles.pagerNav}>
          <CursorPager
            label={t`Server list pages`}
            view={view}
            onViewChange={onViewChange}
            pageSize={limit}
            rowCount={rows.length}
            total={total}
            nextCursor={list.data?.next_cursor}
            loading={list.isPlaceholderData}
          />
        </div>
      </div>
    </div>
  );
}

function clearFilters<V extends ServerListView>(view: V): V {
  return changeView(view, {
    q: undefined,
    tag: undefined,
    customer_id: undefined,
    distribution: undefined,
    version: undefined,
    plan: undefined,
    status: undefined,
  } as Partial<V>);
}

function AddServerLink() {
  return (
    <Link to="/user/servers/add-server" className={buttonClass({ size: 'sm' })}>
      <Plus size={16} aria-hidden="true" />
      <Trans>Add server</Trans>
    </Link>
  );
}
