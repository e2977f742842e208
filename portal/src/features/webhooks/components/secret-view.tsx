import { Trans, useLingui } from '@lingui/react/macro';
import { Banner, Button, CodeBlock } from '@tidewatch/ui';
import { TriangleAlert } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { formatDateTime } from '../../../lib/format';
import * as styles from './webhooks.css';

/**
 * A signing secret, the one time it is shown (on creation and on rotation), with a copy button
 * and, after a rotation, until when the previous secret also signs. Focus moves to its copy button.
 */
export function SecretView({
  secret,
  previousValidUntil,
  onDone,
}: {
  secret: string;
  previousValidUntil: string | null;
  onDone(): void;
}) {
  const { t, i18n } = useLingui();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.querySelector('button')?.focus();
  }, []);
  return (
    <div ref={box} className={styles.secret}>
      <p className={styles.intro}>
        <Trans>
          Every message carries a <code>webhook-signature</code> header made with this secret (Standard
          Webhooks): check it in your receiver to know the message is from us.
        </Trans>
      </p>
      <CodeBlock code={secret} title={t`Signing secret`} copyLabel={t`Copy`} copiedLabel={t`Copied`} />
      <Banner tone="warning" icon={<TriangleAlert size={18} aria-hidden="true" />}>
        <Trans>
          This is the only time the secret is shown. Copy it now and keep it where your receiver reads it.
        </Trans>
      </Banner>
      {previousValidUntil && (
        <p className={styles.intro}>
          <Trans>
            The previous secret also signs every message until{' '}
            <time dateTime={previousValidUntil}>{formatDateTime(previousValidUntil, i18n.locale)}</time>, so
            your receiver can change over without missing one.
          </Trans>
        </p>
      )}
      <div className={styles.formActions}>
        <Button onClick={onDone}>
          <Trans>Done</Trans>
        </Button>
      </div>
    </div>
  );
}
