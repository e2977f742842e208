import { msg } from '@lingui/core/macro';
import { useLingui as useLinguiCore } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import type { ServiceWindow } from '@tidewatch/contract';
import { OUTCOME_KINDS, type OutcomeKind, windowOutcome } from '@tidewatch/domain';
import { Button, Dialog, StatusBadge, type StatusTone } from '@tidewatch/ui';
import { windowSpan } from './labels';
import * as styles from './service-windows.css';

/** Each kind's heading and tone; a machine still silent in an open window has not reported yet. */
const KIND = {
  failed: { label: msg`Failed`, tone: 'danger' },
  silent: { label: msg`Never reported`, tone: 'warning' },
  success: { label: msg`Updated`, tone: 'success' },
  skipped: { label: msg`Skipped by the agent`, tone: 'neutral' },
  exempted: { label: msg`Exempted`, tone: 'neutral' },
} as const satisfies Record<OutcomeKind, { label: unknown; tone: StatusTone }>;
const NOT_YET = msg`Not reported yet`;

/** What each machine of a window reported, as its contacts are told when it ends. */
export function OutcomeDialog({ window, onClose }: { window: ServiceWindow | null; onClose(): void }) {
  const { i18n } = useLinguiCore();
  const outcome = windowOutcome(window?.targets ?? []);
  const ended = window?.status === 'closed' || window?.status === 'expired';
  const time = new Intl.DateTimeFormat(i18n.locale, { hour: '2-digit', minute: '2-digit' });
  return (
    <Dialog
      open={window !== null}
      onOpenChange={(open) => !open && onClose()}
      wide
      title={<Trans>What the window did</Trans>}
      description={window ? windowSpan(window.starts_at, window.ends_at, i18n.locale) : undefined}
    >
      <div className={styles.outcome}>
        {OUTCOME_KINDS.filter((kind) => outcome[kind].length > 0).map((kind) => (
          <section key={kind} aria-labelledby={`outcome-${kind}`}>
            <h3 id={`outcome-${kind}`} className={styles.outcomeTitle}>
              <StatusBadge tone={KIND[kind].tone}>
                {i18n._(kind === 'silent' && !ended ? NOT_YET : KIND[kind].label)}
              </StatusBadge>{' '}
              <span className={styles.muted}>{outcome[kind].length}</span>
            </h3>
            <ul className={styles.outcomeList}>
              {outcome[kind].map((target) => (
                <li key={target.certname}>
                  <span className={styles.mono}>{target.certname}</span>
                  {target.reported_at && (
                    <span className={styles.muted}> · {time.format(new Date(target.reported_at))}</span>
                  )}
                  {target.comment && <p className={styles.muted}>{target.comment}</p>}
                </li>
              ))}
            </ul>
          </section>
        ))}
        {window?.targets.length === 0 && (
          <p className={styles.muted}>
            <Trans>No servers or clusters were in this window.</Trans>
          </p>
        )}
      </div>
      <div className={styles.formActions}>
        <Button variant="secondary" onClick={onClose}>
          <Trans>Close</Trans>
        </Button>
      </div>
    </Dialog>
  );
}
