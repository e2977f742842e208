/** What the blending rules need to know of a role from the catalogue (`content/data/roles.json`). */
export interface RoleTraits {
  id: string;
  name: string;
  blendable: boolean;
  monitoring: boolean;
}

export const MAX_SERVER_ROLES = 2;

/**
 * Why a set of roles can't go on one server (empty when it can): at most two, each known and
 * chosen once; a monitoring role runs alone, and only blendable roles share a server.
 */
export function roleSelectionProblems(
  selected: readonly string[],
  catalogue: readonly RoleTraits[],
): string[] {
  const problems: string[] = [];
  if (selected.length > MAX_SERVER_ROLES) problems.push(`Choose at most ${MAX_SERVER_ROLES} roles`);
  if (new Set(selected).size !== selected.length) problems.push('Choose each role once');
  const roles: RoleTraits[] = [];
  for (const id of selected) {
    const role = catalogue.find((candidate) => candidate.id === id);
    if (role) roles.push(role);
    else problems.push(`Unknown role: ${id}`);
  }
  if (roles.length < 2) return problems;
  for (const role of roles) {
    if (role.monitoring) {
      problems.push(
        `${role.name} is a monitoring role and runs alone: it can't be combined with another role`,
      );
    } else if (!role.blendable) {
      problems.push(`${role.name} can't be combined with another role`);
    }
  }
  return problems;
}

export type ParameterValue = string | number | boolean | null;

/** What validating a role's parameters needs of each one. */
export interface ParameterSpec {
  key: string;
  type: 'string' | 'integer' | 'boolean' | 'enum';
  secret: boolean;
  default: ParameterValue;
  options?: readonly string[];
  min?: number;
  max?: number;
}

function valueProblem(spec: ParameterSpec, value: ParameterValue): string | null {
  if (value === null) return null;
  switch (spec.type) {
    case 'string':
      if (typeof value !== 'string') return 'Enter text';
      return value.length > 2000 ? 'Use at most 2000 characters' : null;
    case 'boolean':
      return typeof value === 'boolean' ? null : 'Choose yes or no';
    case 'enum':
      return typeof value === 'string' && spec.options?.includes(value)
        ? null
        : `Choose one of ${spec.options?.join(', ')}`;
    case 'integer':
      if (typeof value !== 'number' || !Number.isInteger(value)) return 'Enter a whole number';
      if (spec.min !== undefined && value < spec.min) return `Enter at least ${spec.min}`;
      if (spec.max !== undefined && value > spec.max) return `Enter at most ${spec.max}`;
      return null;
  }
}

/** Problems with given parameter values by key; unknown keys are problems too. */
export function parameterProblems(
  specs: readonly ParameterSpec[],
  values: Readonly<Record<string, ParameterValue>>,
): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) {
    const spec = specs.find((candidate) => candidate.key === key);
    const problem = spec ? valueProblem(spec, value) : 'Not a parameter of this role';
    if (problem) problems[key] = problem;
  }
  return problems;
}

/**
 * A role's full parameters: the given values, then the current ones, then the defaults. A secret
 * left out keeps its current value, so forms never need to send secrets back.
 */
export function resolveParameters(
  specs: readonly ParameterSpec[],
  given: Readonly<Record<string, ParameterValue>>,
  current: Readonly<Record<string, ParameterValue>> = {},
): Record<string, ParameterValue> {
  return Object.fromEntries(
    specs.map((spec) => {
      if (spec.key in given) return [spec.key, given[spec.key] ?? null];
      if (spec.key in current) return [spec.key, current[spec.key] ?? null];
      return [spec.key, spec.default];
    }),
  );
}
