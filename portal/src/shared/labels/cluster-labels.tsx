import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import type { ClusterSummary } from '@tidewatch/contract';
import { StatusBadge, type StatusTone } from '@tidewatch/ui';
import { Archive, CircleCheck, CircleDashed, Clock, type LucideIcon } from 'lucide-react';

type Status = ClusterSummary['status'];

/** Each cluster state in words, with a tone and an icon (never colour alone). */
const CLUSTER_STATUS_META: Record<Status, { label: MessageDescriptor; tone: StatusTone; icon: LucideIcon }> =
  {
    registered: { label: msg`Awaiting bootstrap`, tone: 'info', icon: CircleDashed },
    active: { label: msg`Active`, tone: 'success', icon: CircleCheck },
    stale: { label: msg`Not reporting`, tone: 'warning', icon: Clock },
    decommissioned: { label: msg`Decommissioned`, tone: 'neutral', icon: Archive },
  };

export function ClusterStatusBadge({ status }: { status: Status }) {
  const { i18n } = useLingui();
  const meta = CLUSTER_STATUS_META[status];
  return (
    <StatusBadge tone={meta.tone} icon={meta.icon}>
      {i18n._(meta.label)}
    </StatusBadge>
  );
}

export const CLUSTER_TYPE_LABELS: Record<ClusterSummary['type'], MessageDescriptor> = {
  workload: msg`Workload`,
  vpn: msg`VPN`,
};

/** Providers go by their own names; only "bare metal" and "local" are words to translate. */
export const CLUSTER_PROVIDER_LABELS: Record<ClusterSummary['provider'], MessageDescriptor | string> = {
  aws: 'AWS',
  azure: 'Azure',
  hetzner: 'Hetzner',
  'bare-metal': msg`Bare metal`,
  local: msg`Local`,
};

export function useClusterLabels() {
  const { i18n } = useLingui();
  const text = (label: MessageDescriptor | string) => (typeof label === 'string' ? label : i18n._(label));
  return {
    type: (type: ClusterSummary['type']) => text(CLUSTER_TYPE_LABELS[type]),
    provider: (provider: ClusterSummary['provider']) => text(CLUSTER_PROVIDER_LABELS[provider]),
    status: (status: Status) => text(CLUSTER_STATUS_META[status].label),
  };
}

/** "3–6": the nodes a cluster's groups may scale between. */
export function nodeRange(groups: ClusterSummary['node_groups']): string {
  const min = groups.reduce((sum, group) => sum + group.min, 0);
  const max = groups.reduce((sum, group) => sum + group.max, 0);
  return min === max ? String(min) : `${min}–${max}`;
}
