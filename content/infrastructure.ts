import { z } from 'zod';
import featuresJson from './data/features.json' with { type: 'json' };
import osLifecycleJson from './data/os-lifecycle.json' with { type: 'json' };
import rolesJson from './data/roles.json' with { type: 'json' };

/** Portal data in both languages: Danish must say everything English says. */
const Text = z.object({ en: z.string().min(1), da: z.string().min(1) });
const Id = z.string().regex(/^[a-z0-9][a-z0-9-]*$/);

const ParameterBase = z.object({
  key: z.string().regex(/^[a-z][a-z0-9_]*$/),
  label: Text,
  group: Id.describe('A key of `groups`'),
  /** Masked in forms and in configuration shown back; never answered in clear. */
  secret: z.boolean(),
});

const RoleParameter = z.discriminatedUnion('type', [
  ParameterBase.extend({ type: z.literal('string'), default: z.string().nullable() }),
  ParameterBase.extend({
    type: z.literal('integer'),
    default: z.number().int().nullable(),
    min: z.number().int().optional(),
    max: z.number().int().optional(),
  }),
  ParameterBase.extend({ type: z.literal('boolean'), default: z.boolean().nullable() }),
  ParameterBase.extend({
    type: z.literal('enum'),
    options: z.array(z.string()).min(1),
    default: z.string().nullable(),
  }),
]);
export type RoleParameter = z.infer<typeof RoleParameter>;

const RoleCatalogue = z
  .object({
    groups: z.record(Id, Text),
    roles: z.array(
      z.object({
        id: Id,
        name: Text,
        description: Text,
        /** Only blendable roles share a server with another role. */
        blendable: z.boolean(),
        /** A monitoring role runs alone, so it keeps working when what it watches does not. */
        monitoring: z.boolean(),
        parameters: z.array(RoleParameter),
      }),
    ),
  })
  .superRefine((catalogue, context) => {
    for (const role of catalogue.roles) {
      for (const parameter of role.parameters) {
        if (!(parameter.group in catalogue.groups)) {
          context.addIssue({ code: 'custom', message: `${role.id}.${parameter.key}: unknown group` });
        }
        if (
          parameter.type === 'enum' &&
          parameter.default !== null &&
          !parameter.options.includes(parameter.default)
        ) {
          context.addIssue({ code: 'custom', message: `${role.id}.${parameter.key}: default not an option` });
        }
      }
    }
  });
export type RoleCatalogue = z.infer<typeof RoleCatalogue>;
export type RoleDefinition = RoleCatalogue['roles'][number];

const FeatureCatalogue = z.object({
  features: z.array(z.object({ id: Id, name: Text, description: Text })),
});
export type FeatureDefinition = z.infer<typeof FeatureCatalogue>['features'][number];

const OsLifecycle = z.object({
  versions: z.array(
    z.object({
      /** The `ID` of /etc/os-release. */
      distribution: Id,
      name: z.string().min(1),
      /** The `VERSION_ID` of /etc/os-release, major version only where releases are numbered so. */
      version: z.string().min(1),
      family: z.enum(['debian', 'redhat', 'suse']),
      endOfLife: z.iso.date().describe('The last day of security updates'),
    }),
  ),
});
export type OsVersion = z.infer<typeof OsLifecycle>['versions'][number];

const unique = (ids: string[], what: string) => {
  const duplicate = ids.find((id, index) => ids.indexOf(id) !== index);
  if (duplicate) throw new Error(`Duplicate ${what}: ${duplicate}`);
};

export const roleCatalogue = RoleCatalogue.parse(rolesJson);
export const featureCatalogue = FeatureCatalogue.parse(featuresJson).features;
export const osVersions = OsLifecycle.parse(osLifecycleJson).versions;
unique(
  roleCatalogue.roles.map((role) => role.id),
  'role',
);
unique(
  featureCatalogue.map((feature) => feature.id),
  'feature',
);
unique(
  osVersions.map((os) => `${os.distribution} ${os.version}`),
  'OS version',
);
