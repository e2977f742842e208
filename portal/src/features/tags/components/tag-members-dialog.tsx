import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TagItem } from '@tidewatch/contract';
import { Button, Dialog, Skeleton, TextInput } from '@tidewatch/ui';
import { Cpu, Minus, Plus, Search, Server } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { formatNumber } from '../../../lib/format';
import { FailedState } from '../../../shared/query-state/query-state';
import { memberCandidatesQueryOptions, tagMembersQueryOptions, useChangeMember } from '../api/tags';
import * as styles from './tags.css';

type Kind = 'servers' | 'clusters';
const ICONS = { servers: Server, clusters: Cpu } as const;

function MemberRow({
  kind,
  certname,
  action,
}: {
  kind: Kind;
  certname: string;
  action?: { label: string; add: boolean; pending: boolean; onClick(): void };
}) {
  const Icon = ICONS[kind];
  return (
    <li className={styles.memberRow}>
      <span className={styles.memberName}>
        <Icon size={16} aria-hidden="true" />
        <span className={styles.mono}>{certname}</span>
      </span>
      {action && (
        <Button
          variant={action.add ? 'secondary' : 'ghost'}
          size="sm"
          aria-label={action.label}
          loading={action.pending}
          icon={action.add ? <Plus size={14} aria-hidden="true" /> : <Minus size={14} aria-hidden="true" />}
          onClick={action.onClick}
        >
          {action.add ? <Trans>Add</Trans> : <Trans>Remove</Trans>}
        </Button>
      )}
    </li>
  );
}

/** A tag's servers and clusters; managers add (from a search) and remove them. */
export function TagMembersDialog({
  customerId,
  tag,
  canManage,
  onClose,
}: {
  customerId: string;
  tag: TagItem | null;
  canManage: boolean;
  onClose(): void;
}) {
  return (
    <Dialog
      open={tag !== null}
      onOpenChange={(open) => !open && onClose()}
      wide
      title={<Trans>Members of “{tag?.name ?? ''}”</Trans>}
      description={
        canManage ? (
          <Trans>
            A server or cluster added here gets the tag as its last one: its earlier tags still win.
          </Trans>
        ) : undefined
      }
    >
      {tag && <MembersBody customerId={customerId} tag={tag} canManage={canManage} />}
      <div className={styles.formActions}>
        <Button variant="secondary" onClick={onClose}>
          <Trans>Close</Trans>
        </Button>
      </div>
    </Dialog>
  );
}

function MembersBody({
  customerId,
  tag,
  canManage,
}: {
  customerId: string;
  tag: TagItem;
  canManage: boolean;
}) {
  const { t, i18n } = useLingui();
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query.trim());
  const members = useQuery(tagMembersQueryOptions(customerId, tag.name));
  const candidates = useQuery({
    ...memberCandidatesQueryOptions(customerId, deferredQuery),
    enabled: canManage,
    placeholderData: keepPreviousData,
  });
  const change = useChangeMember(customerId, tag.id);
  const isPending = (kind: Kind, certname: string) =>
    change.isPending && change.variables?.kind === kind && change.variables.certname === certname;

  const lists: {
    kind: Kind;
    title: string;
    page?: { data: { certname: string }[]; total: number | null; total_is_estimate: boolean };
  }[] = [
    { kind: 'servers', title: t`Servers`, page: members.data?.servers },
    { kind: 'clusters', title: t`Clusters`, page: members.data?.clusters },
  ];
  // "about 12,000" where the API estimated: a tag on more than ten thousand machines.
  const totalOf = (page: { data: unknown[]; total: number | null; total_is_estimate: boolean }) => {
    const count = formatNumber(page.total ?? page.data.length, i18n.locale);
    return page.total_is_estimate ? t`about ${count}` : count;
  };
  const memberSet = new Set([
    ...(members.data?.servers.data ?? []).map((server) => server.certname),
    ...(members.data?.clusters.data ?? []).map((cluster) => cluster.certname),
  ]);
  const found = [
    ...(candidates.data?.servers ?? []).map((server) => ({
      kind: 'servers' as const,
      certname: server.certname,
    })),
    ...(candidates.data?.clusters ?? []).map((cluster) => ({
      kind: 'clusters' as const,
      certname: cluster.certname,
    })),
  ].filter((candidate) => !memberSet.has(candidate.certname));

  return (
    <div className={styles.memberSections}>
      {lists.map(({ kind, title, page }) => (
        <section key={kind} aria-label={title}>
          <h3 className={styles.sectionTitle}>
            {title} {page && <span className={styles.muted}>({totalOf(page)})</span>}
          </h3>
          {!page ? (
            members.isError ? (
              <FailedState inline title={t`Could not load the members`} query={members} />
            ) : (
              <Skeleton height="80px" />
            )
          ) : page.data.length === 0 ? (
            <p className={styles.muted}>
              {kind === 'servers' ? (
                <Trans>No server has this tag.</Trans>
              ) : (
                <Trans>No cluster has this tag.</Trans>
              )}
            </p>
          ) : (
            <ul className={styles.memberList}>
              {page.data.map(({ certname }) => (
                <MemberRow
                  key={certname}
                  kind={kind}
                  certname={certname}
                  action={
                    canManage
                      ? {
                          label: t`Remove ${certname} from ${tag.name}`,
                          add: false,
                          pending: isPending(kind, certname),
                          onClick: () => change.mutate({ kind, certname, add: false }),
                        }
                      : undefined
                  }
                />
              ))}
            </ul>
          )}
          {page?.total != null && page.total > page.data.length && (
            <p className={styles.muted}>
              <Trans>
                The first {page.data.length} of {totalOf(page)} are listed.
              </Trans>
            </p>
          )}
        </section>
      ))}
      {canManage && (
        <section aria-label={t`Add members`} className={styles.form}>
          <h3 className={styles.sectionTitle}>
            <Trans>Add servers and clusters</Trans>
          </h3>
          <TextInput
            label={<Trans>Find by certname</Trans>}
            type="search"
            prefix={<Search size={16} aria-hidden="true" />}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
          {candidates.isError && !candidates.data ? (
            <FailedState inline title={t`Could not search the servers and clusters`} query={candidates} />
          ) : candidates.isPending ? (
            <Skeleton height="80px" />
          ) : found.length === 0 ? (
            <p className={styles.muted}>
              <Trans>Nothing to add matches “{query}”.</Trans>
            </p>
          ) : (
            <ul className={styles.memberList} aria-busy={candidates.isFetching || undefined}>
              {found.map(({ kind, certname }) => (
                <MemberRow
                  key={certname}
                  kind={kind}
                  certname={certname}
                  action={{
                    label:
                      kind === 'servers'
                        ? t`Add server ${certname} to ${tag.name}`
                        : t`Add cluster ${certname} to ${tag.name}`,
                    add: true,
                    pending: isPending(kind, certname),
                    onClick: () => change.mutate({ kind, certname, add: true }),
                  }}
                />
              ))}
            </ul>
          )}
        </section>
      )}
    </div>
  );
}
