import { type Capability, can, type RoleFlags } from '@tidewatch/domain';

/** Thrown by a route the caller's roles do not open; the route's error boundary shows "not allowed". */
export class NotAllowedError extends Error {
  constructor(readonly capability: Capability) {
    super(`Requires ${capability}`);
    this.name = 'NotAllowedError';
  }
}

/** For a route's beforeLoad: the same capability table the server enforces. */
export const requireCapability =
  (capability: Capability) =>
  ({ context }: { context: { user: RoleFlags } }) => {
    if (!can(context.user, capability)) throw new NotAllowedError(capability);
  };
