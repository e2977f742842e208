import { type RoleTraits, roleSelectionProblems } from '@tidewatch/domain';

/**
 * Whether a role can be ticked next to those already chosen: the domain's blending rules (at
 * most two, monitoring roles alone, only blendable roles together), so the form never offers
 * a combination the server would refuse.
 */
export function canChooseRole(
  selected: readonly string[],
  candidate: string,
  catalogue: readonly RoleTraits[],
) {
  return (
    selected.includes(candidate) || roleSelectionProblems([...selected, candidate], catalogue).length === 0
  );
}
