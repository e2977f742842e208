import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { CountKind } from '@tidewatch/contract';
import { Badge } from '@tidewatch/ui';
import type { ClientUser } from '../../../lib/stores';
import { countQueryOptions, useCountCustomer } from '../api/count-query-options';

/** Hidden while loading, on error, and for -1 (spec section 2); it counts the customer chosen in the header. */
export function CountBadge({ user, kind }: { user: ClientUser; kind: CountKind }) {
  const { t } = useLingui();
  const { data, isSuccess } = useQuery(countQueryOptions(user, useCountCustomer(user), kind));
  if (!isSuccess || data === -1) return null;
  return (
    <Badge tone={data > 0 ? 'brand' : 'neutral'} aria-label={t`${data} items`} data-count-kind={kind}>
      {data > 999 ? '999+' : data}
    </Badge>
  );
}
