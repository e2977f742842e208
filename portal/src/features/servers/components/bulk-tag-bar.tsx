import { plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Button, Select } from '@tidewatch/ui';
import { Tag, TagsIcon, X } from 'lucide-react';
import { useState } from 'react';
import { notify } from '../../../lib/notify';
import { refusalText } from '../../../lib/refusals';
import { tagsQueryOptions } from '../../../lib/tags';
import { FailedState } from '../../../shared/query-state/query-state';
import { useBulkTag } from '../api/servers';
import * as styles from './servers.css';

/** Shown while servers are selected: add a tag to all of them (as their last tag), or take one off. */
export function BulkTagBar({
  customerId,
  selected,
  onDone,
}: {
  customerId: string;
  selected: ReadonlySet<string>;
  onDone(): void;
}) {
  const { t } = useLingui();
  const tags = useQuery(tagsQueryOptions(customerId));
  const [tag, setTag] = useState('');
  const bulkTag = useBulkTag(customerId);
  const count = selected.size;

  function apply(change: 'add' | 'remove') {
    if (!tag) return;
    bulkTag.mutate(
      { certnames: [...selected], [change]: [tag] },
      {
        onSuccess: ({ updated }) => {
          notify.success(
            change === 'add' ? t`Tag “${tag}” added` : t`Tag “${tag}” removed`,
            plural(updated, { one: '# server changed', other: '# servers changed' }),
          );
          onDone();
        },
        onError: (error) => notify.error(t`The tags could not be changed`, refusalText(error)),
      },
    );
  }

  return (
    <section className={styles.bulkBar} aria-label={t`Tag the selected servers`}>
      <p className={styles.bulkCount} aria-live="polite">
        <TagsIcon size={18} aria-hidden="true" />
        <Plural value={count} one="# server selected" other="# servers selected" />
      </p>
      <div className={styles.bulkTag}>
        <Select label={t`Tag`} value={tag} onChange={(event) => setTag(event.target.value)}>
          <option value="">{t`Choose a tag`}</option>
          {(tags.data ?? []).map((item) => (
            <option key={item.id} value={item.name}>
              {item.name}
            </option>
          ))}
        </Select>
        {tags.isError && <FailedState inline title={t`Could not load the tags`} query={tags} />}
      </div>
      <div className={styles.actions}>
        <Button
          size="sm"
          disabled={!tag}
          loading={bulkTag.isPending && bulkTag.variables?.add !== undefined}
          icon={<Tag size={16} aria-hidden="true" />}
          onClick={() => apply('add')}
        >
          <Trans>Add tag</Trans>
        </Button>
        <Button
          size="sm"
          variant="secondary"
          disabled={!tag}
          loading={bulkTag.isPending && bulkTag.variables?.remove !== undefined}
          onClick={() => apply('remove')}
        >
          <Trans>Remove tag</Trans>
        </Button>
        <Button size="sm" variant="ghost" icon={<X size={16} aria-hidden="true" />} onClick={onDone}>
          <Trans>Clear selection</Trans>
        </Button>
      </div>
    </section>
  );
}
