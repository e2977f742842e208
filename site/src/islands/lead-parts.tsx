import { Trans } from '@lingui/react/macro';
import { HONEYPOT_FIELD } from '@tidewatch/contract/site-forms';
import { type ReactNode, useEffect, useRef } from 'react';
import * as styles from './forms.css';

/**
 * A field for bots, which fill in every input: off-screen rather than `display: none` (which
 * bots skip), out of the tab order and hidden from assistive technology, so people never meet it.
 */
export function Honeypot() {
  return (
    <div className={styles.honeypot} aria-hidden="true">
      <label>
        <Trans>Leave this field empty</Trans>
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}

/** What replaces a sent form; it takes the focus the vanished submit button had. */
export function SentNotice({ title, children }: { title: ReactNode; children: ReactNode }) {
  const notice = useRef<HTMLDivElement>(null);
  useEffect(() => notice.current?.focus(), []);
  return (
    <div ref={notice} className={styles.notice} role="status" tabIndex={-1}>
      <span className={styles.noticeTitle}>{title}</span>
      {children}
    </div>
  );
}
