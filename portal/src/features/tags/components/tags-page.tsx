import { useLingui as useLinguiCore } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { TagItem } from '@tidewatch/contract';
import { Badge, Button, EmptyState, Table, type TableColumn } from '@tidewatch/ui';
import { Pencil, Plus, Tags, Trash2, UsersRound } from 'lucide-react';
import { useState } from 'react';
import { FailedState } from '../../../app/query-state/query-state';
import { tagsQueryOptions } from '../../../lib/tags';
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

  const columns: TableColumn<TagItem>[] = [
    { id: 'name', header: t`Name`, rowHeader: true, cell: (tag) => tag.name },
    {
      id: 'type',
      header: t`Type`,
      cell: (tag) => <Badge tone={TYPE_TONES[tag.type]}>{i18n._(TAG_TYPE_LABELS[tag.type])}</Badge>,
    },
    { id: 'timezone', header: t`Time zone`, cell: (tag) => tag.timezone?.replaceAll('_', ' ') ?? '—' },
    { id: 'servers', header: t`Servers`, numeric: true, cell: (tag) => tag.server_count },
    { id: 'clusters', header: t`Clusters`, numeric: true, cell: (tag) => tag.cluster_count },
    { id: 'contacts', header: t`Contacts`, numeric: true, cell: (tag) => tag.contact_count },
    {
      id: 'actions',
      header: t`Actions`,
      hideHeader: true,
      cell: (tag) => (
        <div className={styles.actions}>
          <Button
            variant="ghost"
            size="sm"
            aria-label={t`Members of ${tag.name}`}
            icon={<UsersRound size={14} aria-hidden="true" />}
            onClick={() => setMembersOf(tag)}
          >
            <Trans>Members</Trans>
          </Button>
          {canManage && (
            <>
              <Button
                variant="ghost"
                size="sm"
                aria-label={t`Edit ${tag.name}`}
                icon={<Pencil size={14} aria-hidden="true" />}
                onClick={() => setEditing(tag)}
              >
                <Trans>Edit</Trans>
              </Button>
              <Button
                variant="ghost"
                size="sm"
                aria-label={t`Delete ${tag.name}`}
                icon={<Trash2 size={14} aria-hidden="true" />}
                onClick={() => setDeleting(tag)}
              >
                <Trans>Delete</Trans>
              </Button>
            </>
          )}
        </div>
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
      <Table
        label={t`Tags`}
        columns={columns}
        rows={tags.data ?? []}
        rowKey={(tag) => tag.id}
        loading={tags.isPending}
        empty={
          tags.isError ? (
            <FailedState title={t`Could not load the tags`} query={tags} />
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
