import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import type { MonthStatus } from '@tidewatch/contract';
import { StatusBadge, type StatusTone } from '@tidewatch/ui';
import { Lock } from 'lucide-react';

const LABELS = {
  open: msg`Open`,
  submitted: msg`Waiting for approval`,
  approved: msg`Approved and locked`,
  rejected: msg`Rejected`,
};

const TONES: Record<MonthStatus, StatusTone> = {
  open: 'neutral',
  submitted: 'info',
  approved: 'success',
  rejected: 'danger',
};

export const isMonthOpen = (status: MonthStatus) => status === 'open' || status === 'rejected';

export function MonthStatusBadge({ status }: { status: MonthStatus }) {
  const { i18n } = useLingui();
  return (
    <StatusBadge tone={TONES[status]} icon={status === 'approved' ? Lock : undefined} data-status={status}>
      {i18n._(LABELS[status])}
    </StatusBadge>
  );
}
