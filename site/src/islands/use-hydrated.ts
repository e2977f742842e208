import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False in the server-rendered page and while the island hydrates; true from then on: React renders
 * with the server snapshot while it hydrates and with the browser's right after.
 */
export function useHydrated() {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
