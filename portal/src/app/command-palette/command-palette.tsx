import { useLingui } from '@lingui/react/macro';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { CountKind, SearchKind, SearchResult } from '@tidewatch/contract';
import { Dialog } from '@tidewatch/ui';
import { Building2, Cpu, FileText, List, type LucideIcon, Server, Tag, UsersRound } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useState } from 'react';
import { api } from '../../lib/api';
import { useCurrentCustomerId } from '../../lib/customers';
import { type ClientUser, useAdminStore } from '../../lib/stores';
import { CountBadge } from '../../shared/counts/components/count-badge';
import { FailedState } from '../../shared/query-state/query-state';
import { type NavItem, visibleNavItems } from '../shell/nav-items';
import * as styles from './command-palette.css';

/** How long typing pauses before the API is asked; each new question cancels the one before. */
const DEBOUNCE_MS = 200;

const searchQueryOptions = (q: string, customerId: string | null) =>
  queryOptions({
    queryKey: ['search', customerId, q] as const,
    queryFn: ({ signal }) =>
      api.search.search({ query: { q, ...(customerId && { customer_id: customerId }) }, signal }),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

function useDebounced(value: string): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return debounced;
}

const flatten = (items: NavItem[]): NavItem[] =>
  items.flatMap((item) => [item, ...flatten(item.children ?? [])]);

interface Choice {
  key: string;
  group: string;
  label: string;
  detail?: string | null;
  icon: LucideIcon;
  /** A page's badge, as in the sidebar. */
  count?: CountKind | undefined;
  open(): void;
}

const ICONS: Record<SearchKind, LucideIcon> = {
  server: Server,
  cluster: Cpu,
  tag: Tag,
  team: UsersRound,
  customer: Building2,
};

/** The lists that search by name: the palette opens them with every match when it shows only the first few. */
const LISTS: Partial<Record<SearchKind, string>> = { server: '/user/servers', cluster: '/user/clusters' };

/**
 * Ctrl+K: the portal's pages the user may open and, searched through the API as they type, the
 * servers, clusters, tags, teams (and for staff, customers) they may see. Arrow keys move, Enter opens.
 */
export default function CommandPalette({
  user,
  open,
  onOpenChange,
}: {
  user: ClientUser;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const listId = useId();
  const customerId = useCurrentCustomerId(user);
  const setCurrentCustomer = useAdminStore((state) => state.setCurrentCustomer);
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const q = useDebounced(text.trim());
  const search = useQuery(searchQueryOptions(q, customerId));

  const close = () => {
    onOpenChange(false);
    setText('');
  };
  const go = (to: string, params?: Record<string, string>, view?: Record<string, string>) => () => {
    close();
    void navigate({ to: to as never, params: params as never, search: view as never });
  };

  const groups: Record<SearchKind, string> = {
    server: t`Servers`,
    cluster: t`Clusters`,
    tag: t`Tags`,
    team: t`Teams`,
    customer: t`Customers`,
  };
  const target = (result: SearchResult): (() => void) => {
    switch (result.kind) {
      case 'server':
        return go('/user/servers/$certname', { certname: result.name });
      case 'cluster':
        return go('/user/clusters', undefined, { cluster: result.name });
      case 'tag':
        return go('/customer/tags');
      case 'team':
        return go('/customer/teams/$teamName', { teamName: result.name });
      case 'customer':
        return () => {
          setCurrentCustomer(result.name);
          close();
        };
    }
  };

  const needle = text.trim().toLocaleLowerCase(i18n.locale);
  const pages: Choice[] = flatten(visibleNavItems(user))
    .map((item) => ({ item, label: typeof item.label === 'string' ? item.label : i18n._(item.label) }))
    .filter(({ label }) => label.toLocaleLowerCase(i18n.locale).includes(needle))
    .map(({ item, label }) => ({
      key: `page:${item.to}`,
      group: t`Pages`,
      label,
      icon: item.icon ?? FileText,
      count: item.count,
      open: go(item.to),
    }));
  const results = q && search.data ? search.data.data : [];
  const totals = search.data?.totals ?? {};
  const kinds = [...new Set(results.map((result) => result.kind))].map((kind) => {
    const shown = results.filter((result) => result.kind === kind);
    return { kind, shown, total: totals[kind] ?? shown.length };
  });
  const found: Choice[] = kinds.flatMap(({ kind, shown, total }) => {
    const choices: Choice[] = shown.map((result) => ({
      key: `${result.kind}:${result.name}`,
      group: groups[kind],
      label: result.name,
      detail: result.detail,
      icon: ICONS[kind],
      open: target(result),
    }));
    const list = LISTS[kind];
    if (list && total > shown.length) {
      choices.push({
        key: `all:${kind}`,
        group: groups[kind],
        label:
          kind === 'server'
            ? t`All ${total} servers matching “${q}”`
            : t`All ${total} clusters matching “${q}”`,
        icon: List,
        open: go(list, undefined, { q }),
      });
    }
    return choices;
  });
  // The kinds with no list to open say how many more there are, so that one types on.
  const cut = kinds.filter(({ kind, shown, total }) => !LISTS[kind] && total > shown.length);
  const choices = [...found, ...pages];
  const current = Math.min(active, Math.max(choices.length - 1, 0));
  const searching = text.trim() !== q || (search.isFetching && q.length > 0);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      if (choices.length > 0) setActive((current + step + choices.length) % choices.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choices[current]?.open();
    }
  };

  const optionId = (index: number) => `${listId}-${index}`;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title={t`Search`}
      description={t`Pages, servers, clusters, tags and teams. Arrow keys move, Enter opens.`}
    >
      <input
        className={styles.input}
        role="combobox"
        aria-label={t`Search`}
        aria-expanded={choices.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={choices.length > 0 ? optionId(current) : undefined}
        aria-busy={searching}
        placeholder={t`Type a name…`}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
      />
      <div id={listId} role="listbox" aria-label={t`Results`} className={styles.results}>
        {[...new Set(choices.map((choice) => choice.group))].map((group, groupIndex) => {
          const headingId = `${listId}-group-${groupIndex}`;
          return (
            // biome-ignore lint/a11y/useSemanticElements: a group of options inside a listbox, not of form controls
            <div key={group} role="group" aria-labelledby={headingId}>
              <div id={headingId} className={styles.group}>
                {group}
              </div>
              {choices.map((choice, index) => {
                if (choice.group !== group) return null;
                const Icon = choice.icon;
                return (
                  <div
                    key={choice.key}
                    id={optionId(index)}
                    role="option"
                    aria-selected={index === current}
                    tabIndex={-1}
                    className={styles.option}
                    onMouseMove={() => setActive(index)}
                    onClick={choice.open}
                    onKeyDown={onKeyDown}
                  >
                    <Icon size={16} aria-hidden="true" />
                    <span className={styles.name}>{choice.label}</span>
                    {choice.detail && <span className={styles.detail}>{choice.detail}</span>}
                    {choice.count && <CountBadge user={user} kind={choice.count} />}
                  </div>
                );
              })}
            </div>
          );
        })}
      </div>
      <div aria-live="polite">
        {q && searching && (
          <p className={styles.status} data-state="loading">
            {t`Searching…`}
          </p>
        )}
        {q && !searching && search.isError && <FailedState title={t`Search failed`} query={search} />}
        {q &&
          !searching &&
          cut.map(({ kind, shown, total }) => {
            const group = groups[kind];
            const count = shown.length;
            return (
              <p key={kind} className={styles.status} data-state="more">
                {t`${group}: ${count} of ${total} shown. Type more of the name to find the others.`}
              </p>
            );
          })}
        {q && !searching && search.isSuccess && choices.length === 0 && (
          <p className={styles.status} data-state="empty">
            {t`Nothing found for “${q}”.`}
          </p>
        )}
      </div>
    </Dialog>
  );
}
