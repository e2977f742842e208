import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ClusterSummary } from '@tidewatch/contract';
import { ApiError } from '@tidewatch/contract/client';
import { Badge, Card, EmptyState, Skeleton, Table, type TableColumn } from '@tidewatch/ui';
import { ArrowLeft, Cpu } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatDateTime, formatRelativeTime } from '../../../lib/format';
import { PlanEditor } from '../../../shared/editors/plan-editor';
import { TagEditor } from '../../../shared/editors/tag-editor';
import { ClusterStatusBadge, nodeRange, useClusterLabels } from '../../../shared/labels/cluster-labels';
import { usePlanName } from '../../../shared/labels/plan-label';
import { FailedState } from '../../../shared/query-state/query-state';
import { clusterDetailQueryOptions, useUpdateCluster } from '../api/clusters';
import * as styles from './clusters.css';

type NodeGroup = ClusterSummary['node_groups'][number];

function Fact({ term, children }: { term: ReactNode; children: ReactNode }) {
  return (
    <div className={styles.fact}>
      <dt className={styles.term}>{term}</dt>
      <dd className={styles.definition}>{children}</dd>
    </div>
  );
}

/**
 * One cluster: what it runs on, its versions, how it scales and what it last reported; those
 * who manage infrastructure change its plan and tags here.
 */
export function ClusterDetail({
  customerId,
  certname,
  canManage,
}: {
  customerId: string;
  certname: string;
  canManage: boolean;
}) {
  const { t, i18n } = useLingui();
  const planName = usePlanName();
  const labels = useClusterLabels();
  const cluster = useQuery(clusterDetailQueryOptions(customerId, certname));
  const update = useUpdateCluster(customerId, certname);
  const back = (
    <Link to="/user/clusters" className={styles.row}>
      <ArrowLeft size={16} aria-hidden="true" />
      <Trans>All clusters</Trans>
    </Link>
  );
  if (cluster.error) {
    return (
      <>
        {back}
        {cluster.error instanceof ApiError && cluster.error.status === 404 ? (
          <EmptyState
            icon={<Cpu size={32} aria-hidden="true" />}
            title={<Trans>No cluster called “{certname}”</Trans>}
          />
        ) : (
          <FailedState title={t`Could not load the cluster`} query={cluster} />
        )}
      </>
    );
  }
  if (!cluster.data) {
    return (
      <>
        {back}
        <Skeleton height="280px" />
      </>
    );
  }
  const data = cluster.data;
  const groupColumns: TableColumn<NodeGroup>[] = [
    { id: 'name', header: t`Node group`, rowHeader: true, cell: (group) => group.name },
    { id: 'min', header: t`Minimum nodes`, numeric: true, cell: (group) => group.min },
    { id: 'max', header: t`Maximum nodes`, numeric: true, cell: (group) => group.max },
  ];
  return (
    <>
      {back}
      <Card title={<span className={styles.mono}>{data.certname}</span>}>
        <dl className={styles.facts}>
          <Fact term={<Trans>Status</Trans>}>
            <ClusterStatusBadge status={data.status} />
          </Fact>
          <Fact term={<Trans>Type</Trans>}>{labels.type(data.type)}</Fact>
          <Fact term={<Trans>Provider</Trans>}>{labels.provider(data.provider)}</Fact>
          <Fact term={<Trans>Kubernetes version</Trans>}>
            {data.kubernetes_version ?? t`Not reported yet`}
          </Fact>
          <Fact term={<Trans>Suite version</Trans>}>{data.suite_version ?? t`Not reported yet`}</Fact>
          <Fact term={<Trans>Control-plane replicas</Trans>}>{data.control_plane_replicas}</Fact>
          <Fact term={<Trans>Reported nodes</Trans>}>{data.node_count}</Fact>
          <Fact term={<Trans>Node groups scale</Trans>}>
            <Trans>{nodeRange(data.node_groups)} nodes</Trans>
          </Fact>
          {!canManage && <Fact term={<Trans>Plan</Trans>}>{planName(data.plan)}</Fact>}
          <Fact term={<Trans>Last seen</Trans>}>
            {data.last_seen ? (
              <time dateTime={data.last_seen} title={formatDateTime(data.last_seen, i18n.locale)}>
                {formatRelativeTime(data.last_seen, new Date(), i18n.locale)}
              </time>
            ) : (
              t`Never`
            )}
          </Fact>
          <Fact term={<Trans>Added</Trans>}>{formatDateTime(data.created, i18n.locale)}</Fact>
          {!canManage && (
            <Fact term={<Trans>Tags</Trans>}>
              {data.tags.length > 0 ? (
                <span className={styles.tags}>
                  {data.tags.map((tag) => (
                    <Badge key={tag}>{tag}</Badge>
                  ))}
                </span>
              ) : (
                t`None`
              )}
            </Fact>
          )}
        </dl>
      </Card>
      {canManage && (
        <div className={styles.editors}>
          <Card title={<Trans>Subscription</Trans>}>
            <PlanEditor
              customerId={customerId}
              kind="cluster"
              certname={certname}
              name={data.name}
              saved={data.plan}
            />
          </Card>
          <Card title={<Trans>Tags</Trans>}>
            <TagEditor customerId={customerId} saved={data.tags} canManage update={update} />
          </Card>
        </div>
      )}
      <Table
        label={t`Node groups`}
        showCaption
        columns={groupColumns}
        rows={data.node_groups}
        rowKey={(group) => group.name}
        empty={<p className={styles.muted}>{t`No node groups.`}</p>}
      />
    </>
  );
}
