import { describe, expect, it } from 'vitest';
import { configurationDiff, configurationYaml, EMPTY_CONFIGURATION } from './configuration';
import type { ParameterSpec } from './server-roles';

const specs: Record<string, ParameterSpec[]> = {
  nginx: [
    { key: 'server_names', type: 'string', secret: false, default: '' },
    { key: 'http2', type: 'boolean', secret: false, default: true },
  ],
  redis: [
    { key: 'maxmemory_mb', type: 'integer', secret: false, default: 512 },
    { key: 'password', type: 'string', secret: true, default: null },
  ],
};
const specsOf = (id: string) => specs[id] ?? [];

describe('configurationYaml', () => {
  it('writes roles and one key per role parameter, in catalogue order', () => {
    const yaml = configurationYaml(
      {
        roles: ['nginx', 'redis'],
        parameters: {
          nginx: { http2: false, server_names: 'shop.example' },
          redis: { maxmemory_mb: 1024, password: 'hunter2' },
        },
      },
      specsOf,
    );
    expect(yaml).toBe(
      [
        'roles:',
        '  - nginx',
        '  - redis',
        'nginx::server_names: shop.example',
        'nginx::http2: false',
        'redis::maxmemory_mb: 1024',
        'redis::password: "********"',
        '',
      ].join('\n'),
    );
    expect(yaml).not.toContain('hunter2');
  });

  it('shows an unset secret as null and no roles as an empty list', () => {
    expect(configurationYaml({ roles: ['redis'], parameters: {} }, specsOf)).toContain(
      'redis::password: null',
    );
    expect(configurationYaml(EMPTY_CONFIGURATION, specsOf)).toBe('roles: []\n');
  });
});

describe('configurationDiff', () => {
  it('is a unified diff of the two texts', () => {
    const diff = configurationDiff('roles:\n  - nginx\n', 'roles:\n  - nginx\n  - redis\n');
    expect(diff.split('\n').slice(0, 6)).toEqual([
      '--- a/configuration.yaml',
      '+++ b/configuration.yaml',
      '@@ -1,2 +1,3 @@',
      ' roles:',
      '   - nginx',
      '+  - redis',
    ]);
  });

  it('is empty when nothing changes', () => {
    expect(configurationDiff('roles: []\n', 'roles: []\n')).toBe('');
  });
});
