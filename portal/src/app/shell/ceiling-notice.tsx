import { Trans, useLingui } from '@lingui/react/macro';
import { Banner, Button } from '@tidewatch/ui';
import { TriangleAlert } from 'lucide-react';
import { formatEuros } from '../../lib/format';
import { useCeilingStore, useNotificationStore } from '../../lib/stores';

/** The month a dismissal belongs to, in the browser's zone: the notice comes back the next month. */
export const currentMonth = (now = new Date()) =>
  `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;

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
