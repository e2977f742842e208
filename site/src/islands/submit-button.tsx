import { Trans } from '@lingui/react/macro';
import { Button, type ButtonProps } from '@tidewatch/ui';
import { useId } from 'react';
import * as styles from './forms.css';
import { useHydrated } from './use-hydrated';

/**
 * A site form's submit button. The forms send with JavaScript; before their island hydrates, the
 * browser would post the form to the page itself. So until then the button is disabled, which also
 * stops Enter in a field from sending, and a line under it says why. A form whose server takes a
 * plain post (`postsWithoutScript`, with its `action` set) keeps the button working throughout.
 */
export function SubmitButton({
  children,
  postsWithoutScript = false,
  ...props
}: Omit<ButtonProps, 'type' | 'disabled'> & { postsWithoutScript?: boolean }) {
  const hydrated = useHydrated();
  const hintId = useId();
  if (hydrated || postsWithoutScript) {
    return (
      <Button type="submit" {...props}>
        {children}
      </Button>
    );
  }
  return (
    <>
      <Button type="submit" disabled aria-describedby={hintId} className={styles.notReady} {...props}>
        {children}
      </Button>
      <p id={hintId} className={styles.notReadyHint}>
        <span className={styles.readying}>
          <Trans>The form is getting ready…</Trans>
        </span>
        <noscript>
          <Trans>It needs JavaScript, which is turned off in this browser.</Trans>
        </noscript>
      </p>
    </>
  );
}
