import { MAX_SERVER_ROLES, type RoleTraits, roleSelectionProblems } from './server-roles';

/** Why a role can't join the chosen ones: the limit, a monitoring role (which runs alone), or a role that doesn't blend. */
export type RoleRefusal =
  | { kind: 'limit' }
  | { kind: 'monitoring'; role: RoleTraits }
  | { kind: 'notBlendable'; role: RoleTraits };

/**
 * Whether `candidate` may be ticked next to `chosen`, by the blending rules of
 * {@link roleSelectionProblems}; when it may not, which rule refuses it and which role is the
 * reason (the candidate itself or a chosen one), so a form can say why. A chosen role is never
 * refused, so it can always be unticked.
 */
export function roleRefusal(
  chosen: readonly string[],
  candidate: string,
  catalogue: readonly RoleTraits[],
): RoleRefusal | null {
  if (chosen.includes(candidate) || roleSelectionProblems([...chosen, candidate], catalogue).length === 0) {
    return null;
  }
  if (chosen.length >= MAX_SERVER_ROLES) return { kind: 'limit' };
  const roles = [candidate, ...chosen]
    .map((id) => catalogue.find((role) => role.id === id))
    .filter((role) => role !== undefined);
  const monitoring = roles.find((role) => role.monitoring);
  if (monitoring) return { kind: 'monitoring', role: monitoring };
  const alone = roles.find((role) => !role.blendable);
  return alone ? { kind: 'notBlendable', role: alone } : { kind: 'limit' };
}
