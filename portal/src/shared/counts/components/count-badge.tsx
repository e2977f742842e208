import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { type CountKind, EXACT_TOTAL_LIMIT } from '@tidewatch/contract';
import { Badge } from '@tidewatch/ui';
import { formatNumber } from '../../../lib/format';
import type { ClientUser } from '../../../lib/stores';
import { countQueryOptions, useCountCustomer } from '../api/count-query-options';

/**
 * Hidden while loading, on error, and for -1 (spec section 2); it counts the customer chosen in the
 * header. A count above the API's exact limit is its estimate, and is read out as "about".
 */
export function CountBadge({ user, kind }: { user: ClientUser; kind: CountKind }) {
  const { t, i18n } = useLingui();
  const { data, isSuccess } = useQuery(countQueryOptions(user, useCountCustomer(user), kind));
  if (!isSuccess || data === -1) return null;
  const count = formatNumber(data, i18n.locale);
  const label = data > EXACT_TOTAL_LIMIT ? t`About ${count} items` : t`${count} items`;
  return (
    <Badge tone={data > 0 ? 'brand' : 'neutral'} aria-label={label} data-count-kind={kind}>
      {data > 999 ? '999+' : data}
    </Badge>
  );
}
