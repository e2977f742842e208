import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { roleCatalogue } from '@tidewatch/content';
import type { ServerStatus } from '@tidewatch/domain';
import { StatusBadge, type StatusTone } from '@tidewatch/ui';
import {
  Archive,
  CircleCheck,
  CircleDashed,
  CircleX,
  Clock,
  LoaderCircle,
  type LucideIcon,
  TriangleAlert,
} from 'lucide-react';

/** Each lifecycle state in words, with a tone and an icon of its own (never colour alone). */
export const SERVER_STATUS_META: Record<
  ServerStatus,
  { label: MessageDescriptor; tone: StatusTone; icon: LucideIcon }
> = {
  registered: { label: msg`Awaiting install`, tone: 'info', icon: CircleDashed },
  installing: { label: msg`Installing`, tone: 'info', icon: LoaderCircle },
  install_failed: { label: msg`Install failed`, tone: 'danger', icon: CircleX },
  active: { label: msg`Active`, tone: 'success', icon: CircleCheck },
  stale: { label: msg`Not reporting`, tone: 'warning', icon: Clock },
  decommissioned: { label: msg`Decommissioned`, tone: 'neutral', icon: Archive },
};

export function ServerStatusBadge({ status }: { status: ServerStatus }) {
  const { i18n } = useLingui();
  const meta = SERVER_STATUS_META[status];
  return (
    <StatusBadge tone={meta.tone} icon={meta.icon}>
      {i18n._(meta.label)}
    </StatusBadge>
  );
}

/** An operating system past its last day of security updates. */
export function EndOfLifeBadge() {
  const { i18n } = useLingui();
  return (
    <StatusBadge tone="warning" icon={TriangleAlert}>
      {i18n._(msg`Past end of life`)}
    </StatusBadge>
  );
}

/** A server whose latest agent run failed: the list says so beside its status. */
export function FailedRunBadge() {
  const { i18n } = useLingui();
  return (
    <StatusBadge tone="danger" icon={CircleX}>
      {i18n._(msg`Last run failed`)}
    </StatusBadge>
  );
}

/** A role's name from the catalogue in the reader's language; an unknown id as it is. */
export function useRoleName() {
  const { i18n } = useLingui();
  const language = i18n.locale === 'da' ? 'da' : 'en';
  return (id: string) => roleCatalogue.roles.find((role) => role.id === id)?.name[language] ?? id;
}
