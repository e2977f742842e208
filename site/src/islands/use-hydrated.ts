import { useEffect, useState } from 'react';

/**
 * False in the server-rendered page and while the island hydrates; true from then on. An effect,
 * since preact/compat's useSyncExternalStore has no server snapshot (decision 0037).
 */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
