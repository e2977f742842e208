export {
  assertRolesBlend,
  configurationBody,
  defaultParameters,
  proposeConfiguration,
  yamlOf,
} from './service';
