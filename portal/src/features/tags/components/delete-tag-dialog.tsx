import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { TagItem } from '@tidewatch/contract';
import { ConfirmDialog, Skeleton } from '@tidewatch/ui';
import { notify } from '../../../lib/notify';
import { FailedState } from '../../../shared/query-state/query-state';
import { tagDetailQueryOptions, useDeleteTag } from '../api/tags';
import * as styles from './tags.css';

/** Asks before a tag goes, saying what it is taken from and what goes with it. */
export function DeleteTagDialog({
  customerId,
  tag,
  onClose,
}: {
  customerId: string;
  tag: TagItem | null;
  onClose(): void;
}) {
  const { t } = useLingui();
  const remove = useDeleteTag(customerId);
  const detail = useQuery({
    ...tagDetailQueryOptions(customerId, tag?.id ?? ''),
    enabled: tag !== null,
    staleTime: 0,
  });
  const impact = detail.data?.impact;
  const name = tag?.name ?? '';
  return (
    <ConfirmDialog
      open={tag !== null}
      onOpenChange={(open) => !open && onClose()}
      title={<Trans>Delete the tag “{name}”?</Trans>}
      description={
        tag && (
          <span className={styles.form}>
            <span>
              <Trans>
                It is taken off{' '}
                <Plural value={impact?.servers ?? tag.server_count} one="# server" other="# servers" />,{' '}
                <Plural value={impact?.clusters ?? tag.cluster_count} one="# cluster" other="# clusters" />{' '}
                and{' '}
                <Plural value={impact?.contacts ?? tag.contact_count} one="# contact" other="# contacts" />.
                They stay, without it.
              </Trans>
            </span>
            {impact ? (
              <span>
                <Trans>
                  Deleted with it:{' '}
                  <Plural value={impact.feature_switches} one="# feature switch" other="# feature switches" />{' '}
                  and{' '}
                  <Plural
                    value={impact.open_change_requests}
                    one="# open change request"
                    other="# open change requests"
                  />
                  . This cannot be undone.
                </Trans>
              </span>
            ) : (
              !detail.isError && <Skeleton height="1.2em" />
            )}
          </span>
        )
      }
      confirmLabel={<Trans>Delete tag</Trans>}
      cancelLabel={<Trans>Cancel</Trans>}
      destructive
      pending={remove.isPending}
      onConfirm={() => {
        if (!tag) return;
        remove.mutate(tag.id, {
          onSuccess: () => {
            notify.success(t`Tag “${name}” deleted`);
            onClose();
          },
        });
      }}
    >
      {detail.isError && (
        <FailedState inline title={t`Could not load what goes with the tag`} query={detail} />
      )}
    </ConfirmDialog>
  );
}
