import { Check, Copy } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from './button';
import * as styles from './code-block.css';
import { visuallyHidden } from './visually-hidden.css';

/** How long the button says "copied". */
const COPIED_MS = 2000;

/**
 * Code to read and copy (an install command, YAML): a title, the code in monospace and a copy
 * button that says, also to screen readers, when it worked. Where the clipboard is not
 * available the code is selected so it can be copied by hand.
 */
export function CodeBlock({
  code,
  title,
  copyLabel,
  copiedLabel,
}: {
  code: string;
  title: string;
  /** The button's text, e.g. "Copy". */
  copyLabel: string;
  /** Said once the code is on the clipboard, e.g. "Copied". */
  copiedLabel: string;
}) {
  const titleId = useId();
  const codeRef = useRef<HTMLElement>(null);
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(code);
      setCopied(true);
    } catch {
      const node = codeRef.current;
      const selection = window.getSelection();
      if (node && selection) selection.selectAllChildren(node);
    }
  }

  return (
    <figure className={styles.block} aria-labelledby={titleId}>
      <figcaption className={styles.header}>
        <span id={titleId}>{title}</span>
        <Button
          variant="ghost"
          size="sm"
          onClick={copy}
          aria-describedby={titleId}
          icon={copied ? <Check size={16} aria-hidden="true" /> : <Copy size={16} aria-hidden="true" />}
        >
          {copied ? copiedLabel : copyLabel}
        </Button>
      </figcaption>
      <pre className={styles.pre}>
        <code ref={codeRef}>{code}</code>
      </pre>
      <span className={visuallyHidden} aria-live="polite">
        {copied ? copiedLabel : ''}
      </span>
    </figure>
  );
}
