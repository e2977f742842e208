import { useLingui as useLinguiCore } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { TagItem } from '@tidewatch/contract';
import {
  Badge,
  Button,
  EmptyState,
  matchesSearch,
  nextSort,
  RowActions,
  sortRows,
  Table,
  type TableColumn,
  type TableSort,
  TextInput,
} from '@tidewatch/ui';
import { Pencil, Plus, Search, Tags, Trash2, UsersRound } from 'lucide-react';
import { useState } from 'react';
import { tagsQueryOptions } from '../../../lib/tags';
import { FailedState } from '../../../shared/query-state/query-state';
import { DeleteTagDialog } from './delete-tag-dialog';
import { TagFormDialog } from './tag-form-dialog';
import { TAG_TYPE_LABELS } from './tag-labels';
import { TagMembersDialog } from './tag-members-dialog';
import * as styles from './tags.css';

const TYPE_TONES = { team: 'brand', update_group: 'brand', plain: 'neutral' } as const;

/** /customer/tags: every tag with its type, time zone and members; managers create, edit and delete them. */
export function TagsPage({ customerId, canManage }: { customerId: string; canManage: boolean }) {
  const { t } = useLingui();
  const { i18n } = useLinguiCore();
  const tags = useQuery({ ...tagsQueryOptions(customerId), meta: { errorMessage: t`Could not load tags` } });
  const [editing, setEditing] = useState<TagItem | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TagItem | null>(null);
  const [membersOf, setMembersOf] = useState<TagItem | null>(null);
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<TableSort>({ column: 'name', direction: 'ascending' });
  const typeLabel = (tag: TagItem) => i18n._(TAG_TYPE_LABELS[tag.type]);
  const rows = sortRows(
    (tags.data ?? []).filter((tag) =>
      matchesSearch(`${tag.name} ${typeLabel(tag)} ${tag.timezone ?? ''}`, query),
    ),
    sort,
    {
      name: (tag) => tag.name,
      type: typeLabel,
      timezone: (tag) => tag.timezone,
      servers: (tag) => tag.server_count,
      clusters: (tag) => tag.cluster_count,
      contacts: (tag) => tag.contact_count,
    },
  );

  const columns: TableColumn<TagItem>[] = [
    { id: 'name', header: t`Name`, rowHeader: true, sortable: true, cell: (tag) => tag.name },
    {
      id: 'type',
      header: t`Type`,
      sortable: true,
      cell: (tag) => <Badge tone={TYPE_TONES[tag.type]}>{typeLabel(tag)}</Badge>,
    },
    {
      id: 'timezone',
      header: t`Time zone`,
      sortable: true,
      cell: (tag) => tag.timezone?.replaceAll('_', ' ') ?? '—',
    },
    { id: 'servers', header: t`Servers`, numeric: true, sortable: true, cell: (tag) => tag.server_count },
    { id: 'clusters', header: t`Clusters`, numeric: true, sortable: true, cell: (tag) => tag.cluster_count },
    { id: 'contacts', header: t`Contacts`, numeric: true, sortable: true, cell: (tag) => tag.contact_count },
    {
      id: 'actions',
      header: t`Actions`,
      hideHeader: true,
      pinEnd: true,
      cell: (tag) => (
        <RowActions
          label={t`Actions for ${tag.name}`}
          actions={[
            {
              id: 'members',
              label: <Trans>Members</Trans>,
              name: t`Members of ${tag.name}`,
              icon: <UsersRound size={14} aria-hidden="true" />,
              onSelect: () => setMembersOf(tag),
            },
            ...(canManage
              ? [
                  {
                    id: 'edit',
                    label: <Trans>Edit</Trans>,
                    name: t`Edit ${tag.name}`,
                    icon: <Pencil size={14} aria-hidden="true" />,
                    onSelect: () => setEditing(tag),
                  },
                  {
                    id: 'delete',
                    label: <Trans>Delete</Trans>,
                    name: t`Delete ${tag.name}`,
                    icon: <Trash2 size={14} aria-hidden="true" />,
                    onSelect: () => setDeleting(tag),
                  },
                ]
              : []),
          ]}
        />
      ),
    },
  ];

  return (
    <>
      <div className={styles.toolbar}>
        <p className={styles.intro}>
          <Trans>
            Tags group servers and clusters. A team's tag says who is alerted for them, an update group's says
            when they are patched; a server's earlier tags win over later ones.
          </Trans>
        </p>
        {canManage && (
          <Button icon={<Plus size={16} aria-hidden="true" />} onClick={() => setEditing('new')}>
            <Trans>New tag</Trans>
          </Button>
        )}
      </div>
      <div className={styles.search}>
        <TextInput
          type="search"
          label={<Trans>Search tags</Trans>}
          prefix={<Search size={16} aria-hidden="true" />}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          autoComplete="off"
        />
      </div>
      <Table
        label={t`Tags`}
        columns={columns}
        rows={rows}
        rowKey={(tag) => tag.id}
        sort={sort}
        onSort={(column) => setSort(nextSort(sort, column))}
        loading={tags.isPending}
        empty={
          tags.isError ? (
            <FailedState title={t`Could not load the tags`} query={tags} />
          ) : tags.data?.length ? (
            <EmptyState
              icon={<Search size={32} aria-hidden="true" />}
              title={<Trans>No tag matches “{query}”</Trans>}
            />
          ) : (
            <EmptyState icon={<Tags size={32} aria-hidden="true" />} title={<Trans>No tags yet</Trans>}>
              {canManage && (
                <p>
                  <Trans>
                    Create one to group servers and clusters by team, update group or anything else.
                  </Trans>
                </p>
              )}
            </EmptyState>
          )
        }
      />
      {canManage && (
        <>
          <TagFormDialog
            customerId={customerId}
            tag={editing === 'new' ? null : editing}
            open={editing !== null}
            onOpenChange={(open) => !open && setEditing(null)}
          />
          <DeleteTagDialog customerId={customerId} tag={deleting} onClose={() => setDeleting(null)} />
        </>
      )}
      <TagMembersDialog
        customerId={customerId}
        tag={membersOf}
        canManage={canManage}
        onClose={() => setMembersOf(null)}
      />
    </>
  );
}
