import type { ReactNode } from 'react';
import * as styles from './bar-chart.css';

export interface BarDatum {
  id: string;
  /** Text or a link naming the bar. */
  label: ReactNode;
  value: number;
  /** `warning` bars are amber and striped; say why in `note` too. */
  tone?: 'brand' | 'warning';
  /** Shown after the value, e.g. a status badge. */
  note?: ReactNode;
}

/**
 * Horizontal bars as a list: each item reads as "label, value, note", so the chart needs no
 * separate text alternative; the bars themselves are decoration scaled to the largest value.
 */
export function BarChart({
  title,
  data,
  formatValue = String,
}: {
  title: ReactNode;
  data: readonly BarDatum[];
  formatValue?: (value: number) => string;
}) {
  const max = Math.max(1, ...data.map((datum) => datum.value));
  return (
    <figure className={styles.figure}>
      <figcaption className={styles.caption}>{title}</figcaption>
      <ul className={styles.list}>
        {data.map((datum) => (
          <li key={datum.id} className={styles.item}>
            <span className={styles.label}>{datum.label}</span>
            <span className={styles.track} aria-hidden="true">
              <span
                className={styles.bar({ tone: datum.tone })}
                style={{ display: 'block', width: `${(datum.value / max) * 100}%` }}
              />
            </span>
            <span className={styles.value}>
              {formatValue(datum.value)}
              {datum.note}
            </span>
          </li>
        ))}
      </ul>
    </figure>
  );
}
