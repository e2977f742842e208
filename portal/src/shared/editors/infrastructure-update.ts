import type { UseMutationResult } from '@tanstack/react-query';
import type { Plan } from '@tidewatch/contract';

/** What a server's or a cluster's page may change about it: its tags in order, and its plan. */
export interface InfrastructureChange {
  tags?: string[];
  plan?: Plan | null;
}

export type InfrastructureUpdate = UseMutationResult<unknown, Error, InfrastructureChange>;
