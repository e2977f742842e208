import { Circle, CircleCheck, CircleX, Info, type LucideIcon, TriangleAlert } from 'lucide-react';
import type { HTMLAttributes, ReactNode } from 'react';
import * as styles from './status-badge.css';

export type StatusTone = 'success' | 'warning' | 'danger' | 'info' | 'neutral';

const ICONS: Record<StatusTone, LucideIcon> = {
  success: CircleCheck,
  warning: TriangleAlert,
  danger: CircleX,
  info: Info,
  neutral: Circle,
};

/**
 * A state in words with an icon and a tone (active, failed, past end of life): never colour
 * alone. The tone's icon is used unless another is given.
 */
export function StatusBadge({
  tone = 'neutral',
  icon,
  children,
  ...rest
}: { tone?: StatusTone; icon?: LucideIcon; children: ReactNode } & HTMLAttributes<HTMLSpanElement>) {
  const Icon = icon ?? ICONS[tone];
  return (
    <span className={styles.statusBadge({ tone })} {...rest}>
      <Icon size={14} aria-hidden="true" />
      {children}
    </span>
  );
}
