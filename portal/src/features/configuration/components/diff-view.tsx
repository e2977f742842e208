import { Trans, useLingui } from '@lingui/react/macro';
import { visuallyHidden } from '@tidewatch/ui';
import { parseUnifiedDiff } from '../diff-lines';
import * as styles from './configuration.css';

/**
 * A unified diff in monospace: each added line marked "+" (and read as added), each removed line
 * "−" (and read as removed), with the old and new line numbers; the tints only repeat the marks.
 */
export function DiffView({ diff, label }: { diff: string; label: string }) {
  const { t } = useLingui();
  const lines = parseUnifiedDiff(diff);
  if (lines.length === 0) {
    return (
      <p className={styles.muted}>
        <Trans>No difference: the proposal is the configuration as it is.</Trans>
      </p>
    );
  }
  const added = lines.filter((line) => line.kind === 'added').length;
  const removed = lines.filter((line) => line.kind === 'removed').length;
  return (
    <div className={styles.stack}>
      <p className={styles.legendRow}>
        <span className={styles.legendSwatch} data-kind="added">
          + <Trans>{added} added</Trans>
        </span>
        <span className={styles.legendSwatch} data-kind="removed">
          − <Trans>{removed} removed</Trans>
        </span>
      </p>
      <figure className={styles.figure}>
        <figcaption className={visuallyHidden}>{label}</figcaption>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a long line scrolls sideways, so the box must be reachable by keyboard */}
        <pre className={styles.diff} tabIndex={0}>
          {lines.map((line, index) => {
            const Line = line.kind === 'added' ? 'ins' : line.kind === 'removed' ? 'del' : 'span';
            const marker = line.kind === 'added' ? '+' : line.kind === 'removed' ? '−' : '';
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: a diff's lines are fixed and may repeat their text
              <Line key={index} className={styles.diffLine} data-kind={line.kind}>
                <span className={styles.lineNumber} aria-hidden="true">
                  {line.oldLine ?? ''}
                </span>
                <span className={styles.lineNumber} aria-hidden="true">
                  {line.newLine ?? ''}
                </span>
                <span className={styles.marker} aria-hidden="true">
                  {marker}
                </span>
                <span>
                  {line.kind === 'added' && <span className={visuallyHidden}>{t`Added:`} </span>}
                  {line.kind === 'removed' && <span className={visuallyHidden}>{t`Removed:`} </span>}
                  {line.text}
                </span>
              </Line>
            );
          })}
        </pre>
      </figure>
    </div>
  );
}
