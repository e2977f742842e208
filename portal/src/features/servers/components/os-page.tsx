import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { OsSummaryItem } from '@tidewatch/contract';
import {
  Banner,
  BarChart,
  Card,
  EmptyState,
  Skeleton,
  StatusBadge,
  Table,
  type TableColumn,
} from '@tidewatch/ui';
import { CircleHelp, Clock, MonitorOff, TriangleAlert } from 'lucide-react';
import type { z } from 'zod';
import { formatDate, formatNumber } from '../../../lib/format';
import { customerServerCountQueryOptions } from '../../../shared/counts/api/count-query-options';
import { EndOfLifeBadge } from '../../../shared/labels/server-labels';
import { FailedState } from '../../../shared/query-state/query-state';
import { osSummaryQueryOptions } from '../api/servers';
import * as styles from './servers.css';

type OsItem = z.infer<typeof OsSummaryItem>;

/** Versions whose end of life is this close are flagged before it arrives. */
const ENDS_SOON_DAYS = 180;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Family ids as /etc/os-release has them, named as their makers do (the same in every language). */
const FAMILY_NAMES: Record<string, string> = { debian: 'Debian', redhat: 'Red Hat', suse: 'SUSE' };

export function endsSoon(item: Pick<OsItem, 'end_of_life' | 'past_end_of_life'>, now: Date): boolean {
  if (!item.end_of_life || item.past_end_of_life) return false;
  return new Date(`${item.end_of_life}T23:59:59Z`).getTime() - now.getTime() <= ENDS_SOON_DAYS * DAY_MS;
}

function OsLink({ item }: { item: OsItem }) {
  return (
    <Link to="/user/servers" search={{ distribution: item.distribution, version: item.version }}>
      {item.name}
    </Link>
  );
}

/** /user/servers/os: the fleet by distribution and version, and which versions are past (or near) end of life. */
export function OsPage({ customerId }: { customerId: string }) {
  const { t, i18n } = useLingui();
  const os = useQuery(osSummaryQueryOptions(customerId));
  const servers = useQuery(customerServerCountQueryOptions(customerId));
  const now = new Date();

  if (os.isPending) return <Skeleton height="320px" />;
  if (os.isError) return <FailedState title={t`Could not load the operating systems`} query={os} />;
  const items = os.data;
  if (items.length === 0) {
    return (
      <EmptyState
        icon={<MonitorOff size={32} aria-hidden="true" />}
        title={t`No operating systems reported yet`}
      >
        <p className={styles.muted}>
          <Trans>Servers report their system when they register; add one to see it here.</Trans>
        </p>
      </EmptyState>
    );
  }

  const total = items.reduce((sum, item) => sum + item.count, 0);
  // Servers that have not reported their system yet are in the customer's count, not in the chart.
  const unreported = servers.data !== undefined && servers.data > total;
  const reported = formatNumber(total, i18n.locale);
  const all = formatNumber(servers.data ?? total, i18n.locale);
  const pastEnd = items.filter((item) => item.past_end_of_life);
  const pastEndServers = pastEnd.reduce((sum, item) => sum + item.count, 0);
  const soon = items.filter((item) => endsSoon(item, now));

  const support = (item: OsItem) => {
    if (item.past_end_of_life) return <EndOfLifeBadge />;
    if (endsSoon(item, now)) return <StatusBadge tone="warning" icon={Clock}>{t`Ends soon`}</StatusBadge>;
    if (!item.end_of_life) return <StatusBadge icon={CircleHelp}>{t`Not in our catalogue`}</StatusBadge>;
    return <StatusBadge tone="success">{t`Supported`}</StatusBadge>;
  };

  const columns: TableColumn<OsItem>[] = [
    { id: 'name', header: t`Operating system`, rowHeader: true, cell: (item) => <OsLink item={item} /> },
    {
      id: 'family',
      header: t`Family`,
      cell: (item) => (item.family ? (FAMILY_NAMES[item.family] ?? item.family) : '–'),
    },
    { id: 'count', header: t`Servers`, numeric: true, cell: (item) => formatNumber(item.count, i18n.locale) },
    {
      id: 'eol',
      header: t`End of life`,
      cell: (item) =>
        item.end_of_life ? (
          <time dateTime={item.end_of_life} className={styles.nowrap}>
            {formatDate(item.end_of_life, i18n.locale)}
          </time>
        ) : (
          '–'
        ),
    },
    { id: 'support', header: t`Security updates`, cell: support },
  ];

  return (
    <div className={styles.page}>
      {pastEnd.length > 0 && (
        <Banner tone="warning" icon={<TriangleAlert size={20} aria-hidden="true" />}>
          <strong>
            {plural(pastEndServers, {
              one: '# server runs a system past its end of life',
              other: '# servers run a system past its end of life',
            })}
          </strong>
          :{' '}
          {pastEnd
            .map((item) => t`${item.name} (ended ${formatDate(item.end_of_life ?? '', i18n.locale)})`)
            .join(', ')}
          . <Trans>They no longer get security updates: plan their upgrade.</Trans>
        </Banner>
      )}
      {soon.length > 0 && (
        <Banner tone="info" icon={<Clock size={20} aria-hidden="true" />}>
          {soon
            .map((item) => t`${item.name} ends on ${formatDate(item.end_of_life ?? '', i18n.locale)}`)
            .join(', ')}
          . <Trans>Upgrades are easier planned early.</Trans>
        </Banner>
      )}
      <Card>
        <BarChart
          title={
            unreported
              ? t`Servers by operating system (${reported} of ${all} reported)`
              : t`Servers by operating system (${reported} in all)`
          }
          formatValue={(value) => formatNumber(value, i18n.locale)}
          data={items.map((item) => ({
            id: `${item.distribution} ${item.version}`,
            label: <OsLink item={item} />,
            value: item.count,
            tone: item.past_end_of_life ? 'warning' : 'brand',
            note: item.past_end_of_life ? <EndOfLifeBadge /> : undefined,
          }))}
        />
      </Card>
      <Table
        label={t`Operating systems and their end of life`}
        showCaption
        columns={columns}
        rows={items}
        rowKey={(item) => `${item.distribution} ${item.version}`}
        maxHeight="none"
      />
    </div>
  );
}
