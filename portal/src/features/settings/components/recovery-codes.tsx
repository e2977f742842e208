import { Trans } from '@lingui/react/macro';
import { Button } from '@tidewatch/ui';
import { saveFile } from '../../../lib/save-file';
import * as styles from './settings.css';

/** Fresh recovery codes, shown once: after turning on a second factor or making new ones. */
export function RecoveryCodes({
  codes,
  onClose,
  replaced = false,
}: {
  codes: string[];
  onClose(): void;
  /** Made in place of earlier codes, rather than with a second factor just turned on. */
  replaced?: boolean;
}) {
  const download = () =>
    saveFile(new Blob([`${codes.join('\n')}\n`], { type: 'text/plain' }), 'tidewatch-recovery-codes.txt');
  return (
    <div className={styles.form}>
      <p className={styles.success}>
        {replaced ? (
          <Trans>New recovery codes are made; the old ones no longer work.</Trans>
        ) : (
          <Trans>Two-factor sign-in is on.</Trans>
        )}
      </p>
      <p className={styles.muted}>
        <Trans>
          Keep these recovery codes somewhere safe. Each signs you in once if you lose your phone. They are
          shown only now.
        </Trans>
      </p>
      <ul className={styles.codes} data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className={styles.row}>
        <Button variant="secondary" onClick={download}>
          <Trans>Download codes</Trans>
        </Button>
        <Button onClick={onClose}>
          <Trans>Done</Trans>
        </Button>
      </div>
    </div>
  );
}
