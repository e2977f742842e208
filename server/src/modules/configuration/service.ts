import { createHash } from 'node:crypto';
import { roleCatalogue } from '@tidewatch/content';
import type { Configuration as ConfigurationBody, FieldMessage } from '@tidewatch/contract';
import { ROLE_REFUSALS } from '@tidewatch/contract';
import {
  type Configuration,
  configurationYaml,
  type ParameterProblem,
  type ParameterSpec,
  type ParameterValue,
  parameterProblems,
  type RoleProblem,
  type RoleTraits,
  resolveParameters,
  roleSelectionProblems,
  SECRET_MASK,
} from '@tidewatch/domain';
import type { StoredParameters } from '../../db/schema';
import { fieldsRefused } from '../../lib/http-error';
import type { SecretBox } from '../../lib/secret-box';

/** The catalogue's parameters of a role, as the domain rules read them. */
export function specsOf(roleId: string): readonly ParameterSpec[] {
  return roleCatalogue.roles.find((role) => role.id === roleId)?.parameters ?? [];
}

export const ROLE_TRAITS: RoleTraits[] = roleCatalogue.roles.map((role) => ({
  id: role.id,
  name: role.name.en,
  blendable: role.blendable,
  monitoring: role.monitoring,
}));

/** A broken blending or parameter rule as the catalog message that says it. */
const refusalOf = (problem: RoleProblem | ParameterProblem): FieldMessage => ({
  messageId: ROLE_REFUSALS[problem.code],
  ...('values' in problem && { values: problem.values }),
});

/** Refuses roles that may not share a server (400 in the `roles` field; the first says why for the form). */
export function assertRolesBlend(roles: readonly string[]) {
  const problems = roleSelectionProblems(roles, ROLE_TRAITS).map(refusalOf);
  if (problems.length) throw fieldsRefused({ roles: problems }, problems[0]);
}

/** Each role's parameters at their defaults: what a role starts with when a server is planned. */
export function defaultParameters(roles: readonly string[]): StoredParameters {
  return Object.fromEntries(roles.map((roleId) => [roleId, resolveParameters(specsOf(roleId), {})]));
}

/** A sealed secret reads as the mask and a fingerprint of the sealed text, so a diff shows it changed. */
const maskSecret = (sealed: ParameterValue) =>
  `${SECRET_MASK} (${createHash('sha256').update(String(sealed)).digest('hex').slice(0, 6)})`;

export function yamlOf(configuration: Configuration): string {
  return configurationYaml(configuration, specsOf, maskSecret);
}

/** The configuration as answered: secrets that are set read as the mask. */
export function configurationBody(roles: string[], parameters: StoredParameters): ConfigurationBody {
  const masked: StoredParameters = {};
  for (const roleId of roles) {
    const values = parameters[roleId] ?? {};
    masked[roleId] = Object.fromEntries(
      specsOf(roleId).map((spec) => {
        const value = values[spec.key] ?? null;
        return [spec.key, spec.secret && value !== null ? SECRET_MASK : value];
      }),
    );
  }
  return { roles, parameters: masked, yaml: yamlOf({ roles, parameters }) };
}

/**
 * The configuration a change request proposes: roles checked against the blending rules and
 * values against the catalogue (400 with field errors), secrets sealed, values left out taken
 * from the current configuration or the defaults.
 */
export function proposeConfiguration(
  current: Configuration,
  roles: string[],
  given: StoredParameters,
  box: SecretBox,
): Configuration {
  assertRolesBlend(roles);
  const fieldErrors: Record<string, FieldMessage[]> = {};
  for (const roleId of Object.keys(given)) {
    if (!roles.includes(roleId))
      fieldErrors[`parameters.${roleId}`] = [{ messageId: ROLE_REFUSALS.roleNotChosen }];
  }
  const parameters: StoredParameters = {};
  for (const roleId of roles) {
    const specs = specsOf(roleId);
    const values = given[roleId] ?? {};
    for (const [key, problem] of Object.entries(parameterProblems(specs, values))) {
      fieldErrors[`parameters.${roleId}.${key}`] = [refusalOf(problem)];
    }
    const sealed = Object.fromEntries(
      Object.entries(values)
        // The mask sent back unchanged means "keep the secret".
        .filter(([key, value]) => !(specs.find((spec) => spec.key === key)?.secret && value === SECRET_MASK))
        .map(([key, value]) => {
          const secret = specs.find((spec) => spec.key === key)?.secret;
          return [key, secret && typeof value === 'string' && value !== '' ? box.seal(value) : value];
        }),
    );
    parameters[roleId] = resolveParameters(specs, sealed, current.parameters[roleId] ?? {});
  }
  if (Object.keys(fieldErrors).length) throw fieldsRefused(fieldErrors);
  return { roles, parameters };
}
