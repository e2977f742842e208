import { useLingui } from '@lingui/react/macro';
import { brand } from '@tidewatch/content/brand';
import type { ChangeRequestSummary } from '@tidewatch/contract';

/** Who opened a change request: its author, and the staff member when one opened it acting as them. */
export function useAuthorLabel() {
  const { t } = useLingui();
  return ({ author, opened_by_impersonator: staff }: ChangeRequestSummary) => {
    const product = brand.product;
    return staff ? t`${author} (opened by ${staff}, ${product} staff)` : author;
  };
}
