import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { can } from '@tidewatch/domain';
import { Banner, Button } from '@tidewatch/ui';
import { TriangleAlert } from 'lucide-react';
import { useEffect } from 'react';
import { ceilingsQueryOptions } from '../../features/invoices/api/invoices';
import { useCurrentCustomerId } from '../../lib/customers';
import { formatEuros } from '../../lib/format';
import { type ClientUser, useCeilingStore, useNotificationStore } from '../../lib/stores';

/** The month a dismissal belongs to, in the browser's zone: the notice comes back the next month. */
export const currentMonth = (now = new Date()) =>
  `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;

/**
 * Fills the ceiling notice from the server from sign-in on, for those who may approve further work
 * (customer managers, and admins for the customer they chose); once the month's work is approved,
 * or for anyone else, there is nothing to tell. The invoices page shares the query, so approving
 * there updates the notice at once.
 */
export function useCeilingNoticeSource(user: ClientUser) {
  const customerId = useCurrentCustomerId(user);
  const mayAct = can(user, 'expenseCeilings.manage') && customerId !== null;
  const ceilings = useQuery({ ...ceilingsQueryOptions(customerId ?? ''), enabled: mayAct });
  const setReached = useCeilingStore((state) => state.setExpenseCeilingReached);
  const state = ceilings.data;
  useEffect(() => {
    if (!mayAct) setReached(0);
    else if (state) setReached(state.pre_approved ? 0 : state.reached_ceiling_eur);
  }, [mayAct, state, setReached]);
}

/**
 * Tells a customer their expense ceiling is reached: further ordinary work needs their
 * pre-approval, alert handling goes on (spec section 4). Dismissed, it stays away for the month.
 */
export function CeilingNotice({ now }: { now?: Date }) {
  const reached = useCeilingStore((state) => state.expenseCeilingReached);
  const dismissedFor = useNotificationStore((state) => state.ceilingNoticeDismissedFor);
  const dismiss = useNotificationStore((state) => state.dismissCeilingNotice);
  const month = currentMonth(now);
  const { i18n } = useLingui();
  if (reached <= 0 || dismissedFor === month) return null;
  const ceiling = formatEuros(reached, i18n.locale);
  return (
    <Banner
      tone="warning"
      role="status"
      icon={<TriangleAlert size={20} aria-hidden="true" />}
      action={
        <Button variant="secondary" size="sm" onClick={() => dismiss(month)}>
          <Trans>Dismiss for this month</Trans>
        </Button>
      }
    >
      <Trans>
        Your expense ceiling of {ceiling} is reached for this month. Further ordinary work needs your approval
        first; alert handling goes on.
      </Trans>
    </Banner>
  );
}
