import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui as useLinguiCore } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ChangeRequestDetail, ChangeRequestSummary } from '@tidewatch/contract';
import { ApiError } from '@tidewatch/contract/client';
import {
  Banner,
  Button,
  buttonClass,
  Card,
  CodeBlock,
  ConfirmDialog,
  EmptyState,
  Select,
  Skeleton,
  StatusBadge,
  type StatusTone,
  Table,
  type TableColumn,
} from '@tidewatch/ui';
import {
  ArrowLeft,
  GitMerge,
  GitPullRequestArrow,
  GitPullRequestClosed,
  type LucideIcon,
  Plus,
  Server,
  Tag,
  TriangleAlert,
} from 'lucide-react';
import { useState } from 'react';
import { notify } from '../../../lib/notify';
import { FailedState, QueryState } from '../../../shared/query-state/query-state';
import {
  type ChangeRequestStatus,
  changeRequestQueryOptions,
  changeRequestsQueryOptions,
  useResolveChangeRequest,
} from '../api/change-requests';
import { useAuthorLabel } from './author-label';
import * as styles from './configuration.css';
import { DiffView } from './diff-view';
import { useRoleNames } from './role-names';

const STATUS_META: Record<
  ChangeRequestStatus,
  { label: MessageDescriptor; tone: StatusTone; icon: LucideIcon }
> = {
  open: { label: msg`Open`, tone: 'info', icon: GitPullRequestArrow },
  merged: { label: msg`Merged`, tone: 'success', icon: GitMerge },
  closed: { label: msg`Closed`, tone: 'neutral', icon: GitPullRequestClosed },
};

function ChangeRequestStatusBadge({ status }: { status: ChangeRequestStatus }) {
  const { i18n } = useLinguiCore();
  const meta = STATUS_META[status];
  return (
    <StatusBadge tone={meta.tone} icon={meta.icon}>
      {i18n._(meta.label)}
    </StatusBadge>
  );
}

function TargetLabel({ target }: { target: ChangeRequestSummary['target'] }) {
  const Icon = target.kind === 'server' ? Server : Tag;
  return (
    <span className={styles.targetLabel}>
      <Icon size={14} aria-hidden="true" />
      <span>
        {target.kind === 'server' ? <Trans>Server</Trans> : <Trans>Tag</Trans>}{' '}
        <span className={styles.mono}>{target.name}</span>
      </span>
    </span>
  );
}

const formatDate = (iso: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/** /user/servers/merge-request: the change requests, or one of them (`?number=`) with its diff. */
export function ChangeRequestsPage({
  customerId,
  canResolve,
  status,
  number,
  onStatusChange,
}: {
  customerId: string;
  canResolve: boolean;
  status: ChangeRequestStatus | undefined;
  number: number | undefined;
  onStatusChange(status: ChangeRequestStatus | undefined): void;
}) {
  if (number !== undefined) {
    return <ChangeRequestView customerId={customerId} number={number} canResolve={canResolve} />;
  }
  return <ChangeRequestList customerId={customerId} status={status} onStatusChange={onStatusChange} />;
}

function ChangeRequestList({
  customerId,
  status,
  onStatusChange,
}: {
  customerId: string;
  status: ChangeRequestStatus | undefined;
  onStatusChange(status: ChangeRequestStatus | undefined): void;
}) {
  const { t, i18n } = useLingui();
  const authorLabel = useAuthorLabel();
  const list = useQuery({
    ...changeRequestsQueryOptions(customerId, status),
    meta: { errorMessage: t`Could not load change requests` },
  });
  const columns: TableColumn<ChangeRequestSummary>[] = [
    { id: 'number', header: t`Number`, numeric: true, cell: (request) => `#${request.number}` },
    {
      id: 'title',
      header: t`Title`,
      rowHeader: true,
      cell: (request) => (
        <Link
          to="/user/servers/merge-request"
          search={{ number: request.number }}
          className={styles.titleCell}
        >
          {request.title}
        </Link>
      ),
    },
    { id: 'target', header: t`Target`, cell: (request) => <TargetLabel target={request.target} /> },
    {
      id: 'status',
      header: t`Status`,
      cell: (request) => <ChangeRequestStatusBadge status={request.status} />,
    },
    { id: 'author', header: t`Author`, cell: authorLabel },
    { id: 'created', header: t`Opened`, cell: (request) => formatDate(request.created, i18n.locale) },
  ];
  return (
    <>
      <div className={styles.between}>
        <p className={styles.intro}>
          <Trans>
            Every change to roles and their settings waits here as a change request. Merging one makes it the
            live configuration, which the agents apply on their next run.
          </Trans>
        </p>
        <Link to="/user/servers/new-role-configuration" className={buttonClass({ variant: 'primary' })}>
          <Plus size={16} aria-hidden="true" />
          <Trans>New configuration</Trans>
        </Link>
      </div>
      <div className={styles.row}>
        <Select
          label={<Trans>Status</Trans>}
          value={status ?? ''}
          onChange={(event) =>
            onStatusChange((event.target.value || undefined) as ChangeRequestStatus | undefined)
          }
        >
          <option value="">{t`All`}</option>
          {(['open', 'merged', 'closed'] as const).map((value) => (
            <option key={value} value={value}>
              {i18n._(STATUS_META[value].label)}
            </option>
          ))}
        </Select>
      </div>
      <Table
        label={t`Change requests`}
        columns={columns}
        rows={list.data ?? []}
        rowKey={(request) => String(request.number)}
        loading={list.isPending}
        empty={
          list.isError ? (
            <FailedState title={t`Could not load the change requests`} query={list} />
          ) : (
            <EmptyState
              icon={<GitPullRequestArrow size={32} aria-hidden="true" />}
              title={<Trans>No change requests</Trans>}
            >
              <p>
                <Trans>Change a server's or a tag's roles to open one.</Trans>
              </p>
            </EmptyState>
          )
        }
      />
    </>
  );
}

function ChangeRequestView({
  customerId,
  number,
  canResolve,
}: {
  customerId: string;
  number: number;
  canResolve: boolean;
}) {
  const { t } = useLingui();
  const request = useQuery(changeRequestQueryOptions(customerId, number));
  const back = (
    <Link to="/user/servers/merge-request" className={styles.row}>
      <ArrowLeft size={16} aria-hidden="true" />
      <Trans>All change requests</Trans>
    </Link>
  );
  if (request.error instanceof ApiError && request.error.status === 404) {
    return (
      <>
        {back}
        <EmptyState
          icon={<GitPullRequestArrow size={32} aria-hidden="true" />}
          title={<Trans>No change request #{number}</Trans>}
        />
      </>
    );
  }
  return (
    <>
      {back}
      <QueryState
        query={request}
        failed={t`Could not load the change request`}
        loading={<Skeleton height="320px" />}
      >
        {(detail) => <ChangeRequestCard customerId={customerId} detail={detail} canResolve={canResolve} />}
      </QueryState>
    </>
  );
}

function ChangeRequestCard({
  customerId,
  detail,
  canResolve,
}: {
  customerId: string;
  detail: ChangeRequestDetail;
  canResolve: boolean;
}) {
  const { t } = useLingui();
  return (
    <>
      <Card
        title={
          <Trans>
            #{detail.number} {detail.title}
          </Trans>
        }
      >
        <div className={styles.stack}>
          <Summary detail={detail} />
          {detail.outdated && (
            <Banner tone="warning" icon={<TriangleAlert size={20} aria-hidden="true" />}>
              <Trans>
                {detail.target.name}'s configuration changed after this request was opened, so it can't be
                merged. Close it and open a new one from the configuration as it is now.
              </Trans>
            </Banner>
          )}
          {detail.status === 'open' &&
            (canResolve ? (
              <Resolve customerId={customerId} detail={detail} />
            ) : (
              <p className={styles.muted}>
                <Trans>
                  Customer managers and staff merge or close change requests; you can read this one.
                </Trans>
              </p>
            ))}
        </div>
      </Card>
      <Card title={<Trans>Changes</Trans>}>
        <DiffView diff={detail.diff} label={t`Changes to ${detail.target.name}`} />
      </Card>
      <Card title={<Trans>Proposed configuration</Trans>}>
        <CodeBlock
          code={detail.proposed_yaml}
          title={`${detail.target.name}.yaml`}
          copyLabel={t`Copy`}
          copiedLabel={t`Copied`}
        />
      </Card>
    </>
  );
}

function Summary({ detail }: { detail: ChangeRequestDetail }) {
  const { i18n } = useLingui();
  const roleNames = useRoleNames();
  const opened = formatDate(detail.created, i18n.locale);
  const resolved = detail.resolved_at ? formatDate(detail.resolved_at, i18n.locale) : '';
  const resolver = detail.resolved_by ?? '';
  const author = useAuthorLabel()(detail);
  return (
    <dl className={styles.parameters}>
      <div className={styles.parameterRow}>
        <dt className={styles.term}>
          <Trans>Status</Trans>
        </dt>
        <dd className={styles.summaryValue}>
          <ChangeRequestStatusBadge status={detail.status} />
        </dd>
      </div>
      <div className={styles.parameterRow}>
        <dt className={styles.term}>
          <Trans>Target</Trans>
        </dt>
        <dd className={styles.summaryValue}>
          <TargetLabel target={detail.target} />
        </dd>
      </div>
      <div className={styles.parameterRow}>
        <dt className={styles.term}>
          <Trans>Roles</Trans>
        </dt>
        <dd className={styles.summaryValue}>
          {detail.roles.length > 0 ? roleNames(detail.roles) : <Trans>None</Trans>}
        </dd>
      </div>
      <div className={styles.parameterRow}>
        <dt className={styles.term}>
          <Trans>Opened</Trans>
        </dt>
        <dd className={styles.summaryValue}>
          <Trans>
            {opened} by {author}
          </Trans>
        </dd>
      </div>
      {detail.status !== 'open' && (
        <div className={styles.parameterRow}>
          <dt className={styles.term}>
            {detail.status === 'merged' ? <Trans>Merged</Trans> : <Trans>Closed</Trans>}
          </dt>
          <dd className={styles.summaryValue}>
            <Trans>
              {resolved} by {resolver}
            </Trans>
          </dd>
        </div>
      )}
    </dl>
  );
}

function Resolve({ customerId, detail }: { customerId: string; detail: ChangeRequestDetail }) {
  const { t } = useLingui();
  const resolve = useResolveChangeRequest(customerId);
  const [asking, setAsking] = useState<'merge' | 'close' | null>(null);
  const name = detail.target.name;
  const number = detail.number;
  return (
    <div className={styles.row}>
      <Button
        icon={<GitMerge size={16} aria-hidden="true" />}
        disabled={detail.outdated}
        onClick={() => setAsking('merge')}
      >
        <Trans>Merge</Trans>
      </Button>
      <Button
        variant="secondary"
        icon={<GitPullRequestClosed size={16} aria-hidden="true" />}
        onClick={() => setAsking('close')}
      >
        <Trans>Close without merging</Trans>
      </Button>
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => !open && setAsking(null)}
        title={
          asking === 'merge' ? (
            <Trans>Merge change request #{number}?</Trans>
          ) : (
            <Trans>Close change request #{number}?</Trans>
          )
        }
        description={
          asking === 'merge' ? (
            <Trans>
              Its configuration becomes {name}'s live configuration, and the agents apply it on their next
              run.
            </Trans>
          ) : (
            <Trans>{name} keeps its configuration. A closed change request can't be opened again.</Trans>
          )
        }
        confirmLabel={asking === 'merge' ? <Trans>Merge</Trans> : <Trans>Close change request</Trans>}
        cancelLabel={<Trans>Cancel</Trans>}
        destructive={asking === 'close'}
        pending={resolve.isPending}
        onConfirm={() => {
          const merge = asking === 'merge';
          resolve.mutate(
            { number, merge },
            {
              onSuccess: () => {
                notify.success(
                  merge ? t`Change request #${number} merged` : t`Change request #${number} closed`,
                );
                setAsking(null);
              },
              onError: () => setAsking(null),
            },
          );
        }}
      />
    </div>
  );
}
