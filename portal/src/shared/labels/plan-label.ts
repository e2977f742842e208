import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { planName } from '@tidewatch/content/plan-names';
import type { Plan } from '@tidewatch/contract';

const UNMANAGED = msg`Unmanaged`;

/** Plans are named alike in every language; no plan means the server is not managed by us. */
export function usePlanName() {
  const { i18n } = useLingui();
  return (plan: Plan | null) => (plan ? planName(plan) : i18n._(UNMANAGED));
}
