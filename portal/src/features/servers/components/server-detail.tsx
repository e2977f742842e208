import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { roleCatalogue } from '@tidewatch/content';
import type { ServerDetail } from '@tidewatch/contract';
import { ApiError } from '@tidewatch/contract/client';
import {
  Badge,
  Banner,
  Card,
  EmptyState,
  Skeleton,
  StatusBadge,
  type StatusTone,
  Table,
  type TableColumn,
} from '@tidewatch/ui';
import { ArrowLeft, CircleX, GitPullRequest, ServerOff, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatDate, formatDateTime, formatRelativeTime } from '../../../lib/format';
import { PlanEditor } from '../../../shared/editors/plan-editor';
import { TagEditor } from '../../../shared/editors/tag-editor';
import { usePlanName } from '../../../shared/labels/plan-label';
import { ServerStatusBadge, useRoleName } from '../../../shared/labels/server-labels';
import { FailedState } from '../../../shared/query-state/query-state';
import { serverDetailQueryOptions, useUpdateServer } from '../api/servers';
import * as styles from './server-detail.css';

type Run = ServerDetail['runs'][number];

const RUN_META: Record<Run['status'], { label: MessageDescriptor; tone: StatusTone }> = {
  unchanged: { label: msg`No changes`, tone: 'neutral' },
  changed: { label: msg`Changed`, tone: 'info' },
  failed: { label: msg`Failed`, tone: 'danger' },
};

function BackLink() {
  return (
    <Link to="/user/servers" className={styles.back}>
      <ArrowLeft size={16} aria-hidden="true" />
      <Trans>All servers</Trans>
    </Link>
  );
}

/** One server: what it is, where it stands, its tags, plan and roles, and what its agent did lately. */
export function ServerDetailView({
  customerId,
  certname,
  canManage,
  canRequestChange,
}: {
  customerId: string;
  certname: string;
  canManage: boolean;
  /** Whether the server lets the caller open a change request (finance only reads). */
  canRequestChange: boolean;
}) {
  const { t } = useLingui();
  const server = useQuery(serverDetailQueryOptions(customerId, certname));

  if (server.isPending) {
    return (
      <div className={styles.layout} aria-busy="true">
        <BackLink />
        <Skeleton height="180px" />
        <Skeleton height="240px" />
      </div>
    );
  }
  if (server.isError) {
    return (
      <div className={styles.layout}>
        <BackLink />
        {server.error instanceof ApiError && server.error.status === 404 ? (
          <div role="alert">
            <EmptyState icon={<ServerOff size={32} aria-hidden="true" />} title={t`No server by this name`}>
              <p>
                <Trans>
                  <span className={styles.mono}>{certname}</span> is not one of this customer's servers.
                </Trans>
              </p>
            </EmptyState>
          </div>
        ) : (
          <FailedState title={t`Could not load the server`} query={server} />
        )}
      </div>
    );
  }
  return (
    <ServerDetailBody
      customerId={customerId}
      server={server.data}
      canManage={canManage}
      canRequestChange={canRequestChange}
    />
  );
}

function ServerDetailBody({
  customerId,
  server,
  canManage,
  canRequestChange,
}: {
  customerId: string;
  server: ServerDetail;
  canManage: boolean;
  canRequestChange: boolean;
}) {
  const { t, i18n } = useLingui();
  const planName = usePlanName();
  const roleName = useRoleName();
  const update = useUpdateServer(customerId, server.certname);
  const language = i18n.locale === 'da' ? 'da' : 'en';
  const now = new Date();
  const os = server.os;

  const overview: { id: string; term: string; value: ReactNode }[] = [
    { id: 'status', term: t`Status`, value: <ServerStatusBadge status={server.status} /> },
    { id: 'os', term: t`Operating system`, value: os ? os.name : t`Not reported yet` },
    {
      id: 'kernel',
      term: t`Kernel`,
      value: server.kernel ? <span className={styles.mono}>{server.kernel}</span> : '–',
    },
    { id: 'location', term: t`Location`, value: server.location ?? '–' },
    { id: 'update-group', term: t`Update group`, value: server.update_group ?? t`None` },
    {
      id: 'last-seen',
      term: t`Last seen`,
      value: server.last_seen ? (
        <time dateTime={server.last_seen} title={formatDateTime(server.last_seen, i18n.locale)}>
          {formatRelativeTime(server.last_seen, now, i18n.locale)}
        </time>
      ) : (
        t`Never`
      ),
    },
    {
      id: 'added',
      term: t`Added`,
      value: <time dateTime={server.created}>{formatDateTime(server.created, i18n.locale)}</time>,
    },
  ];

  const runColumns: TableColumn<Run>[] = [
    {
      id: 'started',
      header: t`Started`,
      rowHeader: true,
      cell: (run) => (
        <time dateTime={run.started_at} className={styles.nowrap}>
          {formatDateTime(run.started_at, i18n.locale)}
        </time>
      ),
    },
    {
      id: 'result',
      header: t`Result`,
      cell: (run) => (
        <StatusBadge tone={RUN_META[run.status].tone}>{i18n._(RUN_META[run.status].label)}</StatusBadge>
      ),
    },
    {
      id: 'duration',
      header: t`Duration`,
      numeric: true,
      cell: (run) =>
        t`${(run.duration_ms / 1000).toLocaleString(i18n.locale, { maximumFractionDigits: 1 })} s`,
    },
    {
      id: 'summary',
      header: t`Summary`,
      cell: (run) => <span className={styles.runSummary}>{run.summary || '–'}</span>,
    },
  ];

  const facts = Object.entries(server.facts).sort(([a], [b]) => a.localeCompare(b));

  return (
    <div className={styles.layout}>
      <BackLink />
      {server.status === 'install_failed' && (
        <Banner tone="danger" icon={<CircleX size={20} aria-hidden="true" />} role="status">
          <Trans>The install failed: {server.install_failure_reason ?? t`no reason was given`}.</Trans>{' '}
          <Trans>Fix the cause and run the install command again, or generate a new one.</Trans>
        </Banner>
      )}
      {os?.past_end_of_life && os.end_of_life && (
        <Banner tone="warning" icon={<TriangleAlert size={20} aria-hidden="true" />}>
          <Trans>
            {os.name} stopped getting security updates on {formatDate(os.end_of_life, i18n.locale)}. Plan an
            upgrade to a supported version.
          </Trans>
        </Banner>
      )}

      <div className={styles.grid}>
        <Card title={<Trans>Overview</Trans>}>
          <dl className={styles.facts}>
            {overview.map(({ id, term, value }) => (
              <div key={id} className={styles.fact}>
                <dt>{term}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </Card>

        <div className={styles.column}>
          <Card title={<Trans>Subscription</Trans>}>
            {canManage ? (
              <PlanEditor
                customerId={customerId}
                kind="server"
                certname={server.certname}
                name={server.certname}
                saved={server.plan}
              />
            ) : (
              <p className={styles.value}>{planName(server.plan)}</p>
            )}
          </Card>
          <Card title={<Trans>Roles</Trans>}>
            {server.roles.length === 0 ? (
              <p className={styles.muted}>
                {server.tag_roles.length === 0 ? (
                  <Trans>No roles: the server gets the base setup only.</Trans>
                ) : (
                  <Trans>No roles of its own.</Trans>
                )}
              </p>
            ) : (
              <ul className={styles.roles}>
                {server.roles.map((id) => (
                  <li key={id}>
                    <strong>{roleName(id)}</strong>
                    <span className={styles.muted}>
                      {roleCatalogue.roles.find((role) => role.id === id)?.description[language]}
                    </span>
                  </li>
                ))}
              </ul>
            )}
            {server.tag_roles.length > 0 && (
              <section className={styles.tagRoles} aria-labelledby="roles-from-tags">
                <h3 id="roles-from-tags" className={styles.subheading}>
                  <Trans>From its tags</Trans>
                </h3>
                <ul className={styles.roles}>
                  {server.tag_roles.map(({ tag, roles }) => (
                    <li key={tag}>
                      <span>
                        <Badge>{tag}</Badge> {roles.map(roleName).join(', ')}
                      </span>
                    </li>
                  ))}
                </ul>
              </section>
            )}
            <div className={styles.cardActions}>
              {canRequestChange && (
                <Link to="/user/servers/configuration" search={{ server: server.certname }}>
                  <Trans>Change roles and parameters</Trans>
                </Link>
              )}
              {server.open_change_requests.length > 0 && (
                <span className={styles.inlineIcon}>
                  <GitPullRequest size={16} aria-hidden="true" />
                  <Trans>Open change requests:</Trans>
                  {server.open_change_requests.map((number) => (
                    <Link key={number} to="/user/servers/merge-request" search={{ number }}>
                      #{number}
                    </Link>
                  ))}
                </span>
              )}
            </div>
          </Card>
        </div>
      </div>

      <Card title={<Trans>Tags</Trans>}>
        <TagEditor customerId={customerId} saved={server.tags} canManage={canManage} update={update} />
      </Card>

      <Card title={<Trans>Facts</Trans>}>
        {facts.length === 0 ? (
          <p className={styles.muted}>
            <Trans>The server has not reported any facts yet.</Trans>
          </p>
        ) : (
          <dl className={styles.facts}>
            {facts.map(([key, value]) => (
              <div key={key} className={styles.fact}>
                <dt className={styles.mono}>{key}</dt>
                <dd className={styles.mono}>{value}</dd>
              </div>
            ))}
          </dl>
        )}
      </Card>

      <section className={styles.section} aria-labelledby="agent-runs">
        <h2 id="agent-runs" className={styles.sectionTitle}>
          <Trans>Recent agent runs</Trans>
        </h2>
        <Table
          label={t`Recent agent runs`}
          columns={runColumns}
          rows={server.runs}
          rowKey={(run) => run.started_at}
          empty={
            <EmptyState title={t`No agent runs yet`}>
              <p>
                <Trans>Runs show here once the agent has applied its configuration.</Trans>
              </p>
            </EmptyState>
          }
        />
      </section>
    </div>
  );
}
