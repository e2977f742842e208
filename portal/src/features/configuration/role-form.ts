import { type RoleDefinition, type RoleParameter, roleCatalogue } from '@tidewatch/content';
import { type ParameterValue, type RoleTraits, roleRefusal, SECRET_MASK } from '@tidewatch/domain';

/** Catalogue text in the reader's language (Hindi and anything else read English). */
export const localize = (text: { en: string; da: string }, locale: string) =>
  locale === 'da' ? text.da : text.en;

export const ROLES: readonly RoleDefinition[] = roleCatalogue.roles;

const TRAITS: RoleTraits[] = ROLES.map((role) => ({
  id: role.id,
  name: role.name.en,
  blendable: role.blendable,
  monitoring: role.monitoring,
}));

export const roleById = (id: string) => ROLES.find((role) => role.id === id);

/** Why the catalogue's `candidate` can't be ticked next to `chosen` (null when it can). */
export const refusalOf = (chosen: readonly string[], candidate: string) =>
  roleRefusal(chosen, candidate, TRAITS);

/** A role's parameters by group, groups in the catalogue's order. */
export function parameterGroups(role: RoleDefinition): { group: string; parameters: RoleParameter[] }[] {
  return Object.keys(roleCatalogue.groups)
    .map((group) => ({ group, parameters: role.parameters.filter((parameter) => parameter.group === group) }))
    .filter((entry) => entry.parameters.length > 0);
}

export const groupLabel = (group: string, locale: string) => {
  const label = roleCatalogue.groups[group];
  return label ? localize(label, locale) : group;
};

/** What a form control holds: text for inputs and selects, a flag for switches. */
export type FieldValue = string | boolean;
export type RoleValues = Record<string, FieldValue>;

/** Whether a secret is set in the configuration as answered (set secrets read as the mask). */
export const isSecretSet = (current: Readonly<Record<string, ParameterValue>> | undefined, key: string) =>
  current?.[key] === SECRET_MASK;

/**
 * What a role's form starts with: its current values, else the defaults. Secrets start empty,
 * which means "keep what is set": their values are never sent to the browser.
 */
export function initialValues(
  role: RoleDefinition,
  current: Readonly<Record<string, ParameterValue>> = {},
): RoleValues {
  return Object.fromEntries(
    role.parameters.map((parameter) => {
      if (parameter.secret) return [parameter.key, ''];
      const value = parameter.key in current ? current[parameter.key] : parameter.default;
      if (parameter.type === 'boolean') return [parameter.key, value === true];
      return [parameter.key, value === null || value === undefined ? '' : String(value)];
    }),
  );
}

/** Why a value can't be sent: not a whole number, or outside the parameter's range. */
export type ValueProblem = { kind: 'integer' } | { kind: 'range'; min?: number; max?: number };

/**
 * The form's values as the change request's parameters. A secret left empty is left out, so it
 * keeps its current value; text left empty where the default is unset stays unset.
 */
export function toParameters(
  role: RoleDefinition,
  values: Readonly<RoleValues>,
): { parameters: Record<string, ParameterValue>; problems: Record<string, ValueProblem> } {
  const parameters: Record<string, ParameterValue> = {};
  const problems: Record<string, ValueProblem> = {};
  for (const parameter of role.parameters) {
    const value = values[parameter.key];
    if (parameter.type === 'boolean') {
      parameters[parameter.key] = value === true;
      continue;
    }
    const text = typeof value === 'string' ? value.trim() : '';
    if (parameter.secret) {
      if (text !== '') parameters[parameter.key] = text;
    } else if (parameter.type === 'integer') {
      const number = Number(text);
      if (text === '' || !Number.isInteger(number)) problems[parameter.key] = { kind: 'integer' };
      else if (
        (parameter.min !== undefined && number < parameter.min) ||
        (parameter.max !== undefined && number > parameter.max)
      ) {
        problems[parameter.key] = { kind: 'range', min: parameter.min, max: parameter.max };
      } else parameters[parameter.key] = number;
    } else {
      parameters[parameter.key] = text === '' && parameter.default === null ? null : text;
    }
  }
  return { parameters, problems };
}

/**
 * Whether a proposal would leave the configuration as it is: the same roles in the same order,
 * and every value sent equal to the current one (a secret sent is always a change).
 */
export function isUnchanged(
  current: {
    roles: readonly string[];
    parameters: Readonly<Record<string, Readonly<Record<string, ParameterValue>>>>;
  },
  roles: readonly string[],
  parameters: Readonly<Record<string, Readonly<Record<string, ParameterValue>>>>,
): boolean {
  if (roles.length !== current.roles.length || roles.some((id, index) => current.roles[index] !== id))
    return false;
  return roles.every((id) => {
    const role = roleById(id);
    return Object.entries(parameters[id] ?? {}).every(([key, value]) => {
      const secret = role?.parameters.find((parameter) => parameter.key === key)?.secret;
      return !secret && current.parameters[id]?.[key] === value;
    });
  });
}
