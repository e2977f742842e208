import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { MAX_SERVER_TAGS } from '@tidewatch/contract';
import { Badge, Button, Select } from '@tidewatch/ui';
import { ArrowUp, Plus, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { notify } from '../../lib/notify';
import { refusalText } from '../../lib/refusals';
import { tagsQueryOptions } from '../../lib/tags';
import { FailedState } from '../query-state/query-state';
import * as styles from './editors.css';
import type { InfrastructureUpdate } from './infrastructure-update';

/**
 * A server's or a cluster's tags in order (where two tags configure the same thing, the earlier
 * wins): add, remove and move up, then save them together.
 */
export function TagEditor({
  customerId,
  saved,
  canManage,
  update,
}: {
  customerId: string;
  saved: string[];
  canManage: boolean;
  update: InfrastructureUpdate;
}) {
  const { t } = useLingui();
  const [tags, setTags] = useState(saved);
  const [adding, setAdding] = useState('');
  const all = useQuery({ ...tagsQueryOptions(customerId), enabled: canManage });
  useEffect(() => setTags(saved), [saved]);

  const changed = tags.join('\n') !== saved.join('\n');
  const choices = (all.data ?? []).filter((tag) => !tags.includes(tag.name));
  const full = tags.length >= MAX_SERVER_TAGS;

  if (!canManage) {
    return saved.length ? (
      <ol className={styles.tagList}>
        {saved.map((tag) => (
          <li key={tag}>
            <Badge>{tag}</Badge>
          </li>
        ))}
      </ol>
    ) : (
      <p className={styles.muted}>
        <Trans>No tags.</Trans>
      </p>
    );
  }

  const move = (index: number) =>
    setTags((current) => {
      const next = [...current];
      const [tag] = next.splice(index, 1);
      if (tag !== undefined) next.splice(index - 1, 0, tag);
      return next;
    });

  return (
    <div className={styles.tagEditor}>
      <p className={styles.muted}>
        <Trans>Where two tags set the same thing, the one higher in the list wins.</Trans>
      </p>
      {tags.length === 0 ? (
        <p className={styles.muted}>
          <Trans>No tags.</Trans>
        </p>
      ) : (
        <ol className={styles.tagRows}>
          {tags.map((tag, index) => (
            <li key={tag} className={styles.tagRow}>
              <span className={styles.tagName}>{tag}</span>
              <Button
                variant="ghost"
                size="sm"
                disabled={index === 0}
                aria-label={t`Move ${tag} up`}
                onClick={() => move(index)}
              >
                <ArrowUp size={16} aria-hidden="true" />
              </Button>
              <Button
                variant="ghost"
                size="sm"
                aria-label={t`Remove ${tag}`}
                onClick={() => setTags((current) => current.filter((name) => name !== tag))}
              >
                <X size={16} aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ol>
      )}
      <div className={styles.inlineForm}>
        <Select
          label={t`Add a tag`}
          value={adding}
          disabled={full}
          hint={full ? t`At most ${MAX_SERVER_TAGS} tags.` : undefined}
          onChange={(event) => setAdding(event.target.value)}
        >
          <option value="">{t`Choose a tag`}</option>
          {choices.map((tag) => (
            <option key={tag.id} value={tag.name}>
              {tag.name}
            </option>
          ))}
        </Select>
        <Button
          variant="secondary"
          size="sm"
          disabled={!adding || full}
          icon={<Plus size={16} aria-hidden="true" />}
          onClick={() => {
            setTags((current) => [...current, adding]);
            setAdding('');
          }}
        >
          <Trans>Add</Trans>
        </Button>
      </div>
      {all.isError && <FailedState inline title={t`Could not load the tags`} query={all} />}
      <div className={styles.actions}>
        <Button
          size="sm"
          disabled={!changed}
          loading={update.isPending}
          onClick={() =>
            update.mutate(
              { tags },
              {
                onSuccess: () => notify.success(t`Tags saved`),
                onError: (error) => notify.error(t`The tags could not be saved`, refusalText(error)),
              },
            )
          }
        >
          <Trans>Save tags</Trans>
        </Button>
        {changed && (
          <Button variant="ghost" size="sm" onClick={() => setTags(saved)}>
            <Trans>Undo changes</Trans>
          </Button>
        )}
      </div>
    </div>
  );
}
