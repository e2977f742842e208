import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CLUSTER_PROVIDERS, CLUSTER_TYPES, type ClusterSummary } from '@tidewatch/contract';
import { Badge, Button, EmptyState, nextSort, Select, type TableColumn, TextInput } from '@tidewatch/ui';
import { Cpu, Plus, Search } from 'lucide-react';
import { useState } from 'react';
import { TagFilter } from '../../../shared/filters/tag-filter';
import { ClusterStatusBadge, nodeRange, useClusterLabels } from '../../../shared/labels/cluster-labels';
import { usePlanName } from '../../../shared/labels/plan-label';
import { PagedTable } from '../../../shared/paged-table';
import { clusterListQueryOptions } from '../api/clusters';
import {
  changeClusterView,
  clusterListQueryOf,
  clusterSortOf,
  clusterTableSortOf,
  hasClusterFilters,
} from '../list-query';
import { type ClusterListView, PAGE_SIZE } from '../list-view';
import { AddClusterDialog } from './add-cluster-dialog';
import * as styles from './clusters.css';

const STATUSES = ['registered', 'active', 'stale', 'decommissioned'] as const;

/** /user/clusters: the customer's Kubernetes clusters, searchable and filtered, with the way to add one. */
export function ClusterList({
  customerId,
  canManage,
  view,
  onViewChange,
}: {
  customerId: string;
  canManage: boolean;
  view: ClusterListView;
  onViewChange(view: ClusterListView, options?: { replace?: boolean }): void;
}) {
  const { t } = useLingui();
  const planName = usePlanName();
  const labels = useClusterLabels();
  const [adding, setAdding] = useState(false);
  const list = useQuery({
    ...clusterListQueryOptions(customerId, clusterListQueryOf(view)),
    meta: { errorMessage: t`Could not load clusters` },
  });
  const change = (next: Partial<ClusterListView>) =>
    onViewChange(changeClusterView(view, next), { replace: true });

  const columns: TableColumn<ClusterSummary>[] = [
    {
      id: 'name',
      header: t`Cluster`,
      rowHeader: true,
      sortable: true,
      cell: (cluster) => (
        <Link to="/user/clusters" search={{ ...view, cluster: cluster.certname }} className={styles.certname}>
          {cluster.certname}
        </Link>
      ),
    },
    { id: 'type', header: t`Type`, cell: (cluster) => labels.type(cluster.type) },
    {
      id: 'provider',
      header: t`Provider`,
      sortable: true,
      cell: (cluster) => labels.provider(cluster.provider),
    },
    {
      id: 'kubernetes_version',
      header: t`Kubernetes`,
      sortable: true,
      cell: (cluster) => cluster.kubernetes_version ?? '—',
    },
    { id: 'suite', header: t`Suite`, cell: (cluster) => cluster.suite_version ?? '—' },
    {
      id: 'node_count',
      header: t`Nodes`,
      numeric: true,
      sortable: true,
      cell: (cluster) => cluster.node_count,
    },
    {
      id: 'groups',
      header: t`Scales (min–max)`,
      numeric: true,
      cell: (cluster) => nodeRange(cluster.node_groups),
    },
    { id: 'plan', header: t`Plan`, cell: (cluster) => planName(cluster.plan) },
    {
      id: 'status',
      header: t`Status`,
      sortable: true,
      cell: (cluster) => <ClusterStatusBadge status={cluster.status} />,
    },
    {
      id: 'tags',
      header: t`Tags`,
      cell: (cluster) => (
        <span className={styles.tags}>
          {cluster.tags.map((tag) => (
            <Badge key={tag}>{tag}</Badge>
          ))}
        </span>
      ),
    },
  ];

  return (
    <div className={styles.stack}>
      <div className={styles.toolbar}>
        <p className={styles.intro}>
          <Trans>
            Kubernetes clusters run by the Kubernetes management suite: what each runs on, its versions and
            how far its node groups may scale.
          </Trans>
        </p>
        {canManage && (
          <Button icon={<Plus size={16} aria-hidden="true" />} onClick={() => setAdding(true)}>
            <Trans>Add cluster</Trans>
          </Button>
        )}
      </div>
      <search aria-label={t`Filter clusters`} className={styles.filters}>
        <TextInput
          label={<Trans>Search</Trans>}
          type="search"
          prefix={<Search size={16} aria-hidden="true" />}
          placeholder={t`Cluster name`}
          defaultValue={view.q ?? ''}
          onChange={(event) => change({ q: event.target.value || undefined })}
        />
        <TagFilter customerId={customerId} value={view.tag} onChange={(tag) => change({ tag })} />
        <Select
          label={<Trans>Provider</Trans>}
          value={view.provider ?? ''}
          onChange={(event) =>
            change({ provider: (event.target.value || undefined) as ClusterListView['provider'] })
          }
        >
          <option value="">{t`All providers`}</option>
          {CLUSTER_PROVIDERS.map((provider) => (
            <option key={provider} value={provider}>
              {labels.provider(provider)}
            </option>
          ))}
        </Select>
        <Select
          label={<Trans>Type</Trans>}
          value={view.type ?? ''}
          onChange={(event) => change({ type: (event.target.value || undefined) as ClusterListView['type'] })}
        >
          <option value="">{t`All types`}</option>
          {CLUSTER_TYPES.map((type) => (
            <option key={type} value={type}>
              {labels.type(type)}
            </option>
          ))}
        </Select>
        <Select
          label={<Trans>Status</Trans>}
          value={view.status ?? ''}
          onChange={(event) =>
            change({ status: (event.target.value || undefined) as ClusterListView['status'] })
          }
        >
          <option value="">{t`Every status`}</option>
          {STATUSES.map((status) => (
            <option key={status} value={status}>
              {labels.status(status)}
            </option>
          ))}
        </Select>
      </search>
      <PagedTable
        label={t`Clusters`}
        columns={columns}
        rowKey={(cluster) => cluster.certname}
        sort={clusterTableSortOf(view)}
        onSort={(column) =>
          onViewChange(
            changeClusterView(view, { sort: clusterSortOf(nextSort(clusterTableSortOf(view), column)) }),
          )
        }
        list={list}
        query={clusterListQueryOf(view)}
        failedTitle={t`Could not load the clusters`}
        pager={{ label: t`Cluster list pages`, view, onViewChange, pageSize: PAGE_SIZE }}
        empty={
          <EmptyState icon={<Cpu size={32} aria-hidden="true" />} title={<Trans>No clusters here</Trans>}>
            <p>
              {hasClusterFilters(view) ? (
                <Trans>No cluster matches these filters.</Trans>
              ) : (
                <Trans>Add a cluster to have it managed and monitored.</Trans>
              )}
            </p>
          </EmptyState>
        }
      />
      {canManage && (
        <AddClusterDialog
          customerId={customerId}
          open={adding}
          onOpenChange={setAdding}
          onShow={(certname) => onViewChange({ cluster: certname })}
        />
      )}
    </div>
  );
}
