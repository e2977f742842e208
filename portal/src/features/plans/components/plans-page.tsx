import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { PlanItem } from '@tidewatch/contract';
import { Banner, EmptyState, type TableColumn, TextInput } from '@tidewatch/ui';
import { CalendarClock, CreditCard, Search } from 'lucide-react';
import { formatDate } from '../../../lib/format';
import { planSummaryQueryOptions } from '../../../lib/plans';
import { usePlanName } from '../../../shared/labels/plan-label';
import { PagedTable } from '../../../shared/paged-table';
import { TrialEnds } from '../../../shared/trial-notice';
import { useUrlSearchText } from '../../../shared/url-search-text';
import { PAGE_SIZE, type PlanListView, planQueryOf } from '../list-view';
import * as styles from './plans.css';

/** Each server's and cluster's plan and the changes waiting for their date, with the trial's end. */
export function PlansPage({
  customerId,
  view,
  onViewChange,
}: {
  customerId: string;
  view: PlanListView;
  onViewChange(view: PlanListView, options?: { replace?: boolean }): void;
}) {
  const { t, i18n } = useLingui();
  const planName = usePlanName();
  const query = planQueryOf(view);
  const summary = useQuery(planSummaryQueryOptions(customerId, query));
  const trial = summary.data?.trial;
  const [text, setText] = useUrlSearchText(view.q, (q) =>
    onViewChange({ ...view, q, cursors: undefined }, { replace: true }),
  );

  const columns: TableColumn<PlanItem>[] = [
    {
      id: 'name',
      header: t`Server or cluster`,
      rowHeader: true,
      cell: (item) =>
        item.kind === 'server' ? (
          <Link to="/user/servers/$certname" params={{ certname: item.certname }}>
            {item.certname}
          </Link>
        ) : (
          <Link to="/user/clusters" search={{ cluster: item.certname }}>
            {item.certname}
          </Link>
        ),
    },
    {
      id: 'kind',
      header: t`Kind`,
      cell: (item) => (item.kind === 'server' ? t`Server` : t`Cluster (per node)`),
    },
    { id: 'plan', header: t`Plan`, cell: (item) => planName(item.plan) },
    {
      id: 'pending',
      header: t`Next change`,
      cell: (item) => {
        if (!item.pending) return '—';
        const date = formatDate(item.pending.effective_at, i18n.locale);
        const next = planName(item.pending.plan);
        return item.pending.plan ? (
          <Trans>
            {next} from {date}
          </Trans>
        ) : (
          <Trans>Support ends {date}</Trans>
        );
      },
    },
  ];

  return (
    <div className={styles.stack}>
      {trial && (
        <Banner tone="info" icon={<CalendarClock size={20} aria-hidden="true" />}>
          <TrialEnds trial={trial} />
        </Banner>
      )}
      <search aria-label={t`Search plans`} className={styles.search}>
        <TextInput
          label={t`Search`}
          type="search"
          placeholder={t`Certname or name`}
          prefix={<Search size={16} aria-hidden="true" />}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </search>
      <PagedTable
        label={t`Plans`}
        columns={columns}
        rowKey={(item) => `${item.kind}:${item.certname}`}
        list={summary}
        query={query}
        failedTitle={t`Could not load the plans`}
        pager={{ label: t`Plan pages`, view, onViewChange, pageSize: PAGE_SIZE }}
        empty={
          view.q ? (
            <EmptyState icon={<Search size={32} aria-hidden="true" />} title={<Trans>No match</Trans>}>
              <p>
                <Trans>No server or cluster matches this search.</Trans>
              </p>
            </EmptyState>
          ) : (
            <EmptyState
              icon={<CreditCard size={32} aria-hidden="true" />}
              title={<Trans>No servers or clusters yet</Trans>}
            >
              <p>
                <Trans>Each server and cluster you add is listed here with its plan.</Trans>
              </p>
            </EmptyState>
          )
        }
      />
    </div>
  );
}
