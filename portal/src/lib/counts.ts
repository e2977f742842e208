import type { CountKind } from '@tidewatch/contract';

/** The sidebar badges' query keys, here so that any feature whose writes change a count can refresh it. */
export const countKeys = {
  all: ['count'] as const,
  one: (source: { prefix: string; customerId: string | null }, kind: CountKind) =>
    [...countKeys.all, source.prefix, source.customerId, kind] as const,
};
