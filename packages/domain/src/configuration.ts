import { createTwoFilesPatch } from 'diff';
import { stringify } from 'yaml';
import type { ParameterSpec, ParameterValue } from './server-roles';

/** The configuration of a server or a tag: its roles and each role's parameters. */
export interface Configuration {
  roles: string[];
  parameters: Record<string, Record<string, ParameterValue>>;
}

export const EMPTY_CONFIGURATION: Configuration = { roles: [], parameters: {} };

/** How a set secret reads in configuration shown to people; the value itself is never shown. */
export const SECRET_MASK = '********';

/**
 * The configuration as Hiera-style YAML (`roles` and one `role::parameter` key per line), the
 * form change requests are reviewed in. Secrets that are set read as {@link SECRET_MASK}.
 */
export function configurationYaml(
  configuration: Configuration,
  specsOf: (roleId: string) => readonly ParameterSpec[],
  /** How a set secret reads; a fingerprint of its sealed value lets a diff show that it changed. */
  maskSecret: (value: ParameterValue) => string = () => SECRET_MASK,
): string {
  if (configuration.roles.length === 0) return 'roles: []\n';
  const document: Record<string, unknown> = { roles: configuration.roles };
  for (const roleId of configuration.roles) {
    const values = configuration.parameters[roleId] ?? {};
    for (const spec of specsOf(roleId)) {
      const value = values[spec.key] ?? null;
      document[`${roleId}::${spec.key}`] = spec.secret && value !== null ? maskSecret(value) : value;
    }
  }
  return stringify(document, { lineWidth: 0 });
}

/** A unified diff from one YAML text to another; empty when they are the same. */
export function configurationDiff(current: string, proposed: string, name = 'configuration.yaml'): string {
  if (current === proposed) return '';
  const patch = createTwoFilesPatch(`a/${name}`, `b/${name}`, current, proposed, undefined, undefined, {
    context: 3,
  });
  // The first line is a separator of the library's own; a unified diff starts at the file headers.
  return patch.slice(patch.indexOf('---'));
}
