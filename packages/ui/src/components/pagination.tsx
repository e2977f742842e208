import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './button';
import * as styles from './pagination.css';

/**
 * Previous and next for a cursor-paginated list (no page numbers to jump to), with a summary
 * such as "Showing 51–100 of 10,000". The buttons are disabled at either end.
 */
export function Pagination({
  label,
  summary,
  previousLabel,
  nextLabel,
  hasPrevious,
  hasNext,
  onPrevious,
  onNext,
}: {
  /** The navigation landmark's name, e.g. "Server list pages". */
  label: string;
  summary?: ReactNode;
  previousLabel: string;
  nextLabel: string;
  hasPrevious: boolean;
  hasNext: boolean;
  onPrevious(): void;
  onNext(): void;
}) {
  return (
    <nav className={styles.pagination} aria-label={label}>
      <p className={styles.summary} aria-live="polite">
        {summary}
      </p>
      <div className={styles.buttons}>
        <Button
          variant="secondary"
          size="sm"
          disabled={!hasPrevious}
          onClick={onPrevious}
          icon={<ChevronLeft size={16} aria-hidden="true" />}
        >
          {previousLabel}
        </Button>
        <Button variant="secondary" size="sm" disabled={!hasNext} onClick={onNext}>
          {nextLabel}
          <ChevronRight size={16} aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
