import { describe, expect, it } from 'vitest';
import {
  type ParameterSpec,
  parameterProblems,
  resolveParameters,
  roleSelectionProblems,
} from './server-roles';

const catalogue = [
  { id: 'nginx', name: 'Nginx', blendable: true, monitoring: false },
  { id: 'redis', name: 'Redis', blendable: true, monitoring: false },
  { id: 'docker', name: 'Docker host', blendable: false, monitoring: false },
  { id: 'monitor', name: 'Monitoring server', blendable: false, monitoring: true },
];

describe('roleSelectionProblems', () => {
  it('accepts no role, one role, or two blendable roles', () => {
    expect(roleSelectionProblems([], catalogue)).toEqual([]);
    expect(roleSelectionProblems(['docker'], catalogue)).toEqual([]);
    expect(roleSelectionProblems(['monitor'], catalogue)).toEqual([]);
    expect(roleSelectionProblems(['nginx', 'redis'], catalogue)).toEqual([]);
  });

  it('refuses more than two roles, repeats and unknown roles', () => {
    expect(roleSelectionProblems(['nginx', 'redis', 'docker'], catalogue)).toContainEqual({
      code: 'tooManyRoles',
      values: { max: 2 },
    });
    expect(roleSelectionProblems(['nginx', 'nginx'], catalogue)).toContainEqual({ code: 'roleTwice' });
    expect(roleSelectionProblems(['mongo'], catalogue)).toEqual([
      { code: 'unknownRole', values: { role: 'mongo' } },
    ]);
  });

  it('keeps a monitoring role alone and mixes only blendable roles', () => {
    expect(roleSelectionProblems(['monitor', 'nginx'], catalogue)).toEqual([
      { code: 'monitoringAlone', values: { role: 'Monitoring server' } },
    ]);
    expect(roleSelectionProblems(['nginx', 'docker'], catalogue)).toEqual([
      { code: 'notBlendable', values: { role: 'Docker host' } },
    ]);
  });
});

const specs: ParameterSpec[] = [
  { key: 'name', type: 'string', secret: false, default: '' },
  { key: 'workers', type: 'integer', secret: false, default: 2, min: 1, max: 8 },
  { key: 'http2', type: 'boolean', secret: false, default: true },
  { key: 'version', type: 'enum', secret: false, default: '16', options: ['15', '16'] },
  { key: 'password', type: 'string', secret: true, default: null },
];

describe('parameterProblems', () => {
  it('checks each value against its type and bounds', () => {
    expect(
      parameterProblems(specs, { name: 'x', workers: 4, http2: false, version: '15', password: null }),
    ).toEqual({});
    expect(parameterProblems(specs, { name: 3, workers: 9, http2: 'yes', version: '14', extra: 1 })).toEqual({
      name: { code: 'enterText' },
      workers: { code: 'atMost', values: { max: 8 } },
      http2: { code: 'chooseYesOrNo' },
      version: { code: 'chooseOneOf', values: { options: '15, 16' } },
      extra: { code: 'notAParameter' },
    });
    expect(parameterProblems(specs, { workers: 1.5 })).toEqual({ workers: { code: 'wholeNumber' } });
    expect(parameterProblems(specs, { workers: 0 })).toEqual({
      workers: { code: 'atLeast', values: { min: 1 } },
    });
    expect(parameterProblems(specs, { name: 'x'.repeat(2001) })).toEqual({
      name: { code: 'textTooLong', values: { max: 2000 } },
    });
  });
});

describe('resolveParameters', () => {
  it('takes given values, then current ones, then defaults; an omitted secret keeps its value', () => {
    expect(resolveParameters(specs, { workers: 4 }, { password: 's3cret', name: 'old' })).toEqual({
      name: 'old',
      workers: 4,
      http2: true,
      version: '16',
      password: 's3cret',
    });
  });
});
