import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@tidewatch/ui';
import { Search } from 'lucide-react';
import { lazy, Suspense, useLayoutEffect, useState } from 'react';
import type { ClientUser } from '../../lib/stores';
import * as styles from './command-palette.css';

// The palette's code loads the first time it opens, so the portal's first load carries only this button.
const CommandPalette = lazy(() => import('./command-palette'));

/** The header's search button and Ctrl+K / ⌘K on every page, opening the command palette. */
export function PaletteTrigger({ user }: { user: ClientUser }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const show = () => {
    setLoaded(true);
    setOpen(true);
  };

  // Listening from before the first paint: an effect would leave the shown button without its
  // shortcut for a frame, and Ctrl+K pressed then went nowhere.
  useLayoutEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setLoaded(true);
        setOpen((wasOpen) => !wasOpen);
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <>
      <Button
        variant="secondary"
        className={styles.trigger}
        icon={<Search size={16} aria-hidden="true" />}
        aria-label={t`Search (Ctrl+K)`}
        aria-keyshortcuts="Control+K Meta+K"
        onClick={show}
      >
        <span className={styles.triggerText}>
          <Trans>Search…</Trans>
        </span>
        <kbd className={styles.kbd}>Ctrl K</kbd>
      </Button>
      {loaded && (
        <Suspense fallback={null}>
          <CommandPalette user={user} open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
