/**
 * Stands for `use-sync-external-store/shim`, which Lingui's React part imports for Reacts before
 * 18: React 19 has the hook itself, and the shim would only add its fallback to every island.
 */
export { useSyncExternalStore } from 'react';
