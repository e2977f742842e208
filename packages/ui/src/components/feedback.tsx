import type { HTMLAttributes, ReactNode } from 'react';
import * as styles from './feedback.css';

type Tone = 'neutral' | 'brand' | 'warning' | 'success';

export function Badge({
  tone,
  children,
  ...rest
}: { tone?: Tone; children: ReactNode } & HTMLAttributes<HTMLSpanElement>) {
  return (
    <span className={styles.badge({ tone })} {...rest}>
      {children}
    </span>
  );
}

/** A strip across the page for states that concern everything on it (impersonation, ceilings). */
export function Banner({
  tone,
  icon,
  action,
  children,
  ...rest
}: {
  tone?: 'info' | 'warning' | 'danger' | 'success';
  icon?: ReactNode;
  action?: ReactNode;
  children: ReactNode;
} & HTMLAttributes<HTMLDivElement>) {
  return (
    <div className={styles.banner({ tone })} {...rest}>
      {icon}
      <div className={styles.bannerBody}>{children}</div>
      {action}
    </div>
  );
}

export function Card({
  title,
  children,
  ...rest
}: { title?: ReactNode; children: ReactNode } & Omit<HTMLAttributes<HTMLElement>, 'title'>) {
  return (
    <section className={styles.card} {...rest}>
      {title && <h2 className={styles.cardTitle}>{title}</h2>}
      {children}
    </section>
  );
}

export function EmptyState({
  icon,
  title,
  children,
}: {
  icon?: ReactNode;
  title: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className={styles.emptyState}>
      {icon}
      <h2 className={styles.emptyTitle}>{title}</h2>
      {children}
    </div>
  );
}

export function Skeleton({ width = '100%', height = '1em' }: { width?: string; height?: string }) {
  return <span className={styles.skeleton} style={{ width, height }} aria-hidden="true" />;
}
