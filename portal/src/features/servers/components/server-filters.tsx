import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { osVersions, plans } from '@tidewatch/content';
import { SERVER_STATUSES } from '@tidewatch/domain';
import { Button, Select, TextInput } from '@tidewatch/ui';
import { Search, X } from 'lucide-react';
import { useCallback } from 'react';
import { customersQueryOptions } from '../../../lib/customers';
import { TagFilter } from '../../../shared/filters/tag-filter';
import { SERVER_STATUS_META } from '../../../shared/labels/server-labels';
import { useUrlSearchText } from '../../../shared/url-search-text';
import { osSummaryQueryOptions } from '../api/servers';
import { hasFilters } from '../list-query';
import type { ServerListView } from '../list-view';
import * as styles from './servers.css';

/** How long typing pauses before the search applies. */

/** Distribution and version are one choice: `ubuntu:22.04`, or `ubuntu:` for every version. */
const osValue = (view: Pick<ServerListView, 'distribution' | 'version'>) =>
  view.distribution ? `${view.distribution}:${view.version ?? ''}` : '';

/** The systems the OS filter offers in the fleet view: the lifecycle catalogue's. */
const CATALOGUE_SYSTEMS = osVersions.map((entry) => ({
  distribution: entry.distribution,
  version: entry.version,
  name: `${entry.name} ${entry.version}`,
}));

/** A customer's list filters by tag and by the systems it runs; the fleet (no customer) by customer. */
export function ServerFiltersBar({
  customerId,
  view,
  onChange,
  onClear,
}: {
  customerId: string | null;
  view: ServerListView;
  onChange(change: Partial<ServerListView>, options?: { replace?: boolean }): void;
  onClear(): void;
}) {
  const { t, i18n } = useLingui();
  const os = useQuery({ ...osSummaryQueryOptions(customerId ?? ''), enabled: customerId !== null });
  const customers = useQuery({ ...customersQueryOptions(), enabled: customerId === null });
  const systems = customerId === null ? CATALOGUE_SYSTEMS : (os.data ?? []);
  const [query, setQuery] = useUrlSearchText(
    view.q,
    useCallback((q: string | undefined) => onChange({ q }, { replace: true }), [onChange]),
  );

  const distributions = [...new Set(systems.map((item) => item.distribution))];

  return (
    <search className={styles.filters} aria-label={t`Search and filters`}>
      <div className={styles.searchRow}>
        <div className={styles.searchField}>
          <TextInput
            label={t`Search`}
            type="search"
            placeholder={t`Part of a certname`}
            prefix={<Search size={16} aria-hidden="true" />}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') onChange({ q: query.trim() || undefined });
            }}
          />
        </div>
        {hasFilters(view) && (
          <Button variant="ghost" icon={<X size={16} aria-hidden="true" />} onClick={onClear}>
            {t`Clear filters`}
          </Button>
        )}
      </div>
      <div className={styles.filterGrid}>
        {customerId === null ? (
          <Select
            label={t`Customer`}
            value={view.customer_id ?? ''}
            onChange={(event) => onChange({ customer_id: event.target.value || undefined })}
          >
            <option value="">{t`All customers`}</option>
            {(customers.data ?? []).map((customer) => (
              <option key={customer.id} value={customer.id}>
                {customer.company_name}
              </option>
            ))}
          </Select>
        ) : (
          <TagFilter customerId={customerId} value={view.tag} onChange={(tag) => onChange({ tag })} />
        )}
        <Select
          label={t`Operating system`}
          value={osValue(view)}
          onChange={(event) => {
            const [distribution = '', version = ''] = event.target.value.split(':');
            onChange({ distribution: distribution || undefined, version: version || undefined });
          }}
        >
          <option value="">{t`All systems`}</option>
          {distributions.map((distribution) => {
            const versions = systems.filter((item) => item.distribution === distribution);
            const name = versions[0]?.name.replace(/\s+\S+$/, '') ?? distribution;
            return (
              <optgroup key={distribution} label={name}>
                <option value={`${distribution}:`}>{t`Every ${name} version`}</option>
                {versions.map((item) => (
                  <option key={item.version} value={`${distribution}:${item.version}`}>
                    {item.name}
                  </option>
                ))}
              </optgroup>
            );
          })}
          {view.distribution && !systems.some((item) => item.distribution === view.distribution) && (
            <option value={osValue(view)}>
              {[view.distribution, view.version].filter(Boolean).join(' ')}
            </option>
          )}
        </Select>
        <Select
          label={t`Plan`}
          value={view.plan ?? ''}
          onChange={(event) =>
            onChange({ plan: (event.target.value || undefined) as ServerListView['plan'] })
          }
        >
          <option value="">{t`All plans`}</option>
          {plans.plans.map((plan) => (
            <option key={plan.id} value={plan.id}>
              {plan.name}
            </option>
          ))}
          <option value="none">{t`Unmanaged`}</option>
        </Select>
        <Select
          label={t`Status`}
          value={view.status ?? ''}
          onChange={(event) =>
            onChange({ status: (event.target.value || undefined) as ServerListView['status'] })
          }
        >
          <option value="">{t`All but decommissioned`}</option>
          {SERVER_STATUSES.map((status) => (
            <option key={status} value={status}>
              {i18n._(SERVER_STATUS_META[status].label)}
            </option>
          ))}
        </Select>
      </div>
    </search>
  );
}
