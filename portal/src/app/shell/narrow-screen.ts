import { useSyncExternalStore } from 'react';

/** Below this width the sidebar folds into a drawer opened from the header's Menu button. */
export const NARROW_SCREEN = 'screen and (max-width: 899px)';

const subscribe = (onChange: () => void) => {
  const query = window.matchMedia(NARROW_SCREEN);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};

/** Whether the screen is narrow enough for the drawer, following the window as it resizes. */
export function useNarrowScreen(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(NARROW_SCREEN).matches);
}
