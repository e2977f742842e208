/** What the blending rules need to know of a role from the catalogue (`content/data/roles.json`). */
export interface RoleTraits {
  id: string;
  name: string;
  blendable: boolean;
  monitoring: boolean;
}

export const MAX_SERVER_ROLES = 2;

/**
 * A refused choice or value: the code of its message (the contract's `ROLE_REFUSALS` holds the
 * texts, so they are said in the reader's language) and the values the message names.
 */
export type RoleProblem =
  | { code: 'tooManyRoles'; values: { max: number } }
  | { code: 'roleTwice' }
  | { code: 'unknownRole' | 'monitoringAlone' | 'notBlendable'; values: { role: string } };

export type ParameterProblem =
  | { code: 'notAParameter' | 'enterText' | 'chooseYesOrNo' | 'wholeNumber' }
  | { code: 'textTooLong' | 'atMost'; values: { max: number } }
  | { code: 'atLeast'; values: { min: number } }
  | { code: 'chooseOneOf'; values: { options: string } };

/**
 * Why a set of roles can't go on one server (empty when it can): at most two, each known and
 * chosen once; a monitoring role runs alone, and only blendable roles share a server.
 */
export function roleSelectionProblems(
  selected: readonly string[],
  catalogue: readonly RoleTraits[],
): RoleProblem[] {
  const problems: RoleProblem[] = [];
  if (selected.length > MAX_SERVER_ROLES)
    problems.push({ code: 'tooManyRoles', values: { max: MAX_SERVER_ROLES } });
  if (new Set(selected).size !== selected.length) problems.push({ code: 'roleTwice' });
  const roles: RoleTraits[] = [];
  for (const id of selected) {
    const role = catalogue.find((candidate) => candidate.id === id);
    if (role) roles.push(role);
    else problems.push({ code: 'unknownRole', values: { role: id } });
  }
  if (roles.length < 2) return problems;
  for (const role of roles) {
    if (role.monitoring) problems.push({ code: 'monitoringAlone', values: { role: role.name } });
    else if (!role.blendable) problems.push({ code: 'notBlendable', values: { role: role.name } });
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

const TEXT_LIMIT = 2000;

function valueProblem(spec: ParameterSpec, value: ParameterValue): ParameterProblem | null {
  if (value === null) return null;
  switch (spec.type) {
    case 'string':
      if (typeof value !== 'string') return { code: 'enterText' };
      return value.length > TEXT_LIMIT ? { code: 'textTooLong', values: { max: TEXT_LIMIT } } : null;
    case 'boolean':
      return typeof value === 'boolean' ? null : { code: 'chooseYesOrNo' };
    case 'enum':
      return typeof value === 'string' && spec.options?.includes(value)
        ? null
        : { code: 'chooseOneOf', values: { options: spec.options?.join(', ') ?? '' } };
    case 'integer':
      if (typeof value !== 'number' || !Number.isInteger(value)) return { code: 'wholeNumber' };
      if (spec.min !== undefined && value < spec.min) return { code: 'atLeast', values: { min: spec.min } };
      if (spec.max !== undefined && value > spec.max) return { code: 'atMost', values: { max: spec.max } };
      return null;
  }
}

/** Problems with given parameter values by key; unknown keys are problems too. */
export function parameterProblems(
  specs: readonly ParameterSpec[],
  values: Readonly<Record<string, ParameterValue>>,
): Record<string, ParameterProblem> {
  const problems: Record<string, ParameterProblem> = {};
  for (const [key, value] of Object.entries(values)) {
    const spec = specs.find((candidate) => candidate.key === key);
    const problem: ParameterProblem | null = spec ? valueProblem(spec, value) : { code: 'notAParameter' };
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
