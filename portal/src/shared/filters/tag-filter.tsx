import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Select } from '@tidewatch/ui';
import { tagsQueryOptions } from '../../lib/tags';
import { FailedState } from '../query-state/query-state';

/** A list's tag filter: every tag of the customer, and the one in the address even if it is gone. */
export function TagFilter({
  customerId,
  value,
  onChange,
}: {
  customerId: string;
  value: string | undefined;
  onChange(tag: string | undefined): void;
}) {
  const { t } = useLingui();
  const tags = useQuery(tagsQueryOptions(customerId));
  return (
    <div>
      <Select
        label={t`Tag`}
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value || undefined)}
      >
        <option value="">{t`All tags`}</option>
        {(tags.data ?? []).map((tag) => (
          <option key={tag.id} value={tag.name}>
            {tag.name}
          </option>
        ))}
        {value && !tags.data?.some((tag) => tag.name === value) && <option value={value}>{value}</option>}
      </Select>
      {tags.isError && <FailedState inline title={t`Could not load the tags`} query={tags} />}
    </div>
  );
}
