import { useLingui as useLinguiCore } from '@lingui/react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { Contact, TeamClusterItem, TeamServerItem } from '@tidewatch/contract';
import { ApiError } from '@tidewatch/contract/client';
import { Badge, Button, EmptyState, RowActions, Skeleton, Table, type TableColumn } from '@tidewatch/ui';
import { Clock, Cpu, Mail, Pencil, Phone, Plus, Server, Trash2, UsersRound } from 'lucide-react';
import { useState } from 'react';
import type { z } from 'zod';
import { formatRelativeTime } from '../../../lib/format';
import { ClusterStatusBadge, nodeRange, useClusterLabels } from '../../../shared/labels/cluster-labels';
import { usePlanName } from '../../../shared/labels/plan-label';
import { ServerStatusBadge } from '../../../shared/labels/server-labels';
import { Page } from '../../../shared/page';
import { FailedState, QueryState } from '../../../shared/query-state/query-state';
import {
  teamClustersQueryOptions,
  teamContactsQueryOptions,
  teamServersQueryOptions,
} from '../api/team-members';
import { teamsQueryOptions } from '../api/teams-query-options';
import { ContactFormDialog } from './contact-form-dialog';
import { CONTACT_KIND_LABELS } from './contact-labels';
import { RemoveContactDialog } from './remove-contact-dialog';
import * as styles from './teams.css';

type ServerRow = z.infer<typeof TeamServerItem>;
type ClusterRow = z.infer<typeof TeamClusterItem>;

const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/**
 * /customer/teams/{teamName}: the team's servers, clusters and the people reached for them;
 * who may manage infrastructure adds, changes and removes those people here.
 */
export function TeamPage({
  customerId,
  teamName,
  canManage,
}: {
  customerId: string;
  teamName: string;
  canManage: boolean;
}) {
  const { t } = useLingui();
  const teams = useQuery(teamsQueryOptions(customerId));
  const servers = useQuery(teamServersQueryOptions(customerId, teamName));
  const clusters = useQuery(teamClustersQueryOptions(customerId, teamName));
  const contacts = useQuery({
    ...teamContactsQueryOptions(customerId, teamName),
    meta: { errorMessage: t`Could not load the team's contacts` },
  });
  const team = teams.data?.find((entry) => entry.name === teamName);

  if ((teams.data && !team) || isNotFound(servers.error)) {
    return (
      <Page title={t`Team not found`}>
        <EmptyState
          icon={<UsersRound size={32} aria-hidden="true" />}
          title={<Trans>No team called “{teamName}”</Trans>}
        >
          <p>
            <Trans>It may have been renamed or deleted.</Trans>
          </p>
          <Link to="/customer/teams">
            <Trans>See all teams</Trans>
          </Link>
        </EmptyState>
      </Page>
    );
  }

  return (
    <Page title={teamName}>
      <QueryState query={teams} failed={t`Could not load the team`} loading={<Skeleton height="24px" />}>
        {() => (
          <p className={styles.summary}>
            <span className={styles.summaryItem}>
              <Clock size={16} aria-hidden="true" />
              {team?.timezone ? (
                <Trans>Time zone {team.timezone.replaceAll('_', ' ')}</Trans>
              ) : (
                <Trans>No time zone set</Trans>
              )}
            </span>
            {servers.data && (
              <span className={styles.summaryItem}>
                <Server size={16} aria-hidden="true" />
                <Plural value={servers.data.length} one="# server" other="# servers" />
              </span>
            )}
            {clusters.data && (
              <span className={styles.summaryItem}>
                <Cpu size={16} aria-hidden="true" />
                <Plural value={clusters.data.length} one="# cluster" other="# clusters" />
              </span>
            )}
          </p>
        )}
      </QueryState>
      <TeamServers query={servers} />
      <TeamClusters query={clusters} />
      <TeamContacts customerId={customerId} teamName={teamName} query={contacts} canManage={canManage} />
    </Page>
  );
}

function TeamServers({ query }: { query: UseQueryResult<ServerRow[]> }) {
  const { t, i18n } = useLingui();
  const planName = usePlanName();
  const now = new Date();
  const columns: TableColumn<ServerRow>[] = [
    {
      id: 'certname',
      header: t`Certname`,
      rowHeader: true,
      cell: (row) => <span className={styles.certname}>{row.certname}</span>,
    },
    { id: 'os', header: t`Operating system`, cell: (row) => row.os?.name ?? '—' },
    { id: 'status', header: t`Status`, cell: (row) => <ServerStatusBadge status={row.status} /> },
    { id: 'plan', header: t`Plan`, cell: (row) => planName(row.plan) },
    {
      id: 'last_seen',
      header: t`Last seen`,
      cell: (row) => (row.last_seen ? formatRelativeTime(row.last_seen, now, i18n.locale) : t`Never`),
    },
  ];
  return (
    <section className={styles.section} aria-labelledby="team-servers">
      <h2 id="team-servers" className={styles.sectionTitle}>
        <Trans>Servers</Trans>
      </h2>
      <Table
        label={t`The team's servers`}
        columns={columns}
        rows={query.data ?? []}
        rowKey={(row) => row.certname}
        loading={query.isPending}
        empty={
          query.isError ? (
            <FailedState title={t`Could not load the team's servers`} query={query} />
          ) : (
            <p className={styles.muted}>{t`No server has this team's tag.`}</p>
          )
        }
        maxHeight="480px"
      />
    </section>
  );
}

function TeamClusters({ query }: { query: UseQueryResult<ClusterRow[]> }) {
  const { t } = useLingui();
  const planName = usePlanName();
  const labels = useClusterLabels();
  const columns: TableColumn<ClusterRow>[] = [
    {
      id: 'name',
      header: t`Cluster`,
      rowHeader: true,
      cell: (row) => <span className={styles.certname}>{row.certname}</span>,
    },
    { id: 'provider', header: t`Provider`, cell: (row) => labels.provider(row.provider) },
    { id: 'kubernetes', header: t`Kubernetes`, cell: (row) => row.kubernetes_version ?? '—' },
    { id: 'nodes', header: t`Nodes`, numeric: true, cell: (row) => row.node_count },
    {
      id: 'range',
      header: t`Node groups (min–max)`,
      numeric: true,
      cell: (row) => nodeRange(row.node_groups),
    },
    { id: 'status', header: t`Status`, cell: (row) => <ClusterStatusBadge status={row.status} /> },
    { id: 'plan', header: t`Plan`, cell: (row) => planName(row.plan) },
  ];
  return (
    <section className={styles.section} aria-labelledby="team-clusters">
      <h2 id="team-clusters" className={styles.sectionTitle}>
        <Trans>Clusters</Trans>
      </h2>
      <Table
        label={t`The team's clusters`}
        columns={columns}
        rows={query.data ?? []}
        rowKey={(row) => row.certname}
        loading={query.isPending}
        empty={
          query.isError ? (
            <FailedState title={t`Could not load the team's clusters`} query={query} />
          ) : (
            <p className={styles.muted}>{t`No cluster has this team's tag.`}</p>
          )
        }
        maxHeight="480px"
      />
    </section>
  );
}

function TeamContacts({
  customerId,
  teamName,
  query,
  canManage,
}: {
  customerId: string;
  teamName: string;
  query: UseQueryResult<Contact[]>;
  canManage: boolean;
}) {
  const { t } = useLingui();
  const { i18n } = useLinguiCore();
  // The contact stays set while a dialog closes, so its text does not change under the fade.
  const [editing, setEditing] = useState<{ open: boolean; contact: Contact | null }>({
    open: false,
    contact: null,
  });
  const [removing, setRemoving] = useState<{ open: boolean; contact: Contact | null }>({
    open: false,
    contact: null,
  });
  return (
    <section className={styles.section} aria-labelledby="team-contacts">
      <div className={styles.sectionHeader}>
        <h2 id="team-contacts" className={styles.sectionTitle}>
          <Trans>Contacts</Trans>
        </h2>
        {canManage && (
          <Button
            size="sm"
            icon={<Plus size={16} aria-hidden="true" />}
            onClick={() => setEditing({ open: true, contact: null })}
          >
            <Trans>Add contact</Trans>
          </Button>
        )}
      </div>
      <QueryState
        query={query}
        failed={t`Could not load the team's contacts`}
        loading={<Skeleton height="96px" />}
        empty={
          <p className={styles.muted}>
            <Trans>Nobody is reached for this team yet.</Trans>
          </p>
        }
      >
        {(contacts) => (
          <ul className={styles.contacts}>
            {contacts.map((contact) => (
              <li key={contact.id} className={styles.contact}>
                <h3 className={styles.contactName}>{contact.name}</h3>
                <a className={styles.contactLine} href={`mailto:${contact.email}`}>
                  <Mail size={14} aria-hidden="true" />
                  {contact.email}
                </a>
                {contact.phone && (
                  <a className={styles.contactLine} href={`tel:${contact.phone.replaceAll(' ', '')}`}>
                    <Phone size={14} aria-hidden="true" />
                    {contact.phone}
                  </a>
                )}
                <span className={styles.kinds}>
                  {contact.kinds.map((kind) => (
                    <Badge key={kind}>{i18n._(CONTACT_KIND_LABELS[kind])}</Badge>
                  ))}
                </span>
                {canManage && (
                  <span className={styles.contactActions}>
                    <RowActions
                      label={t`Actions for ${contact.name}`}
                      actions={[
                        {
                          id: 'edit',
                          label: <Trans>Edit</Trans>,
                          name: t`Edit ${contact.name}`,
                          icon: <Pencil size={14} aria-hidden="true" />,
                          onSelect: () => setEditing({ open: true, contact }),
                        },
                        {
                          id: 'remove',
                          label: <Trans>Remove</Trans>,
                          name: t`Remove ${contact.name}`,
                          icon: <Trash2 size={14} aria-hidden="true" />,
                          onSelect: () => setRemoving({ open: true, contact }),
                        },
                      ]}
                    />
                  </span>
                )}
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      {canManage && (
        <>
          <ContactFormDialog
            customerId={customerId}
            teamName={teamName}
            contact={editing.contact}
            open={editing.open}
            onOpenChange={(open) => setEditing((current) => ({ ...current, open }))}
          />
          <RemoveContactDialog
            customerId={customerId}
            teamName={teamName}
            contact={removing.contact}
            open={removing.open}
            onClose={() => setRemoving((current) => ({ ...current, open: false }))}
          />
        </>
      )}
    </section>
  );
}
