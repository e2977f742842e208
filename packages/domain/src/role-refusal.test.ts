import { describe, expect, it } from 'vitest';
import { roleRefusal } from './role-refusal';
import type { RoleTraits } from './server-roles';

const CATALOGUE: RoleTraits[] = [
  { id: 'nginx', name: 'Nginx', blendable: true, monitoring: false },
  { id: 'postgresql', name: 'PostgreSQL', blendable: true, monitoring: false },
  { id: 'redis', name: 'Redis', blendable: true, monitoring: false },
  { id: 'docker-host', name: 'Docker host', blendable: false, monitoring: false },
  { id: 'monitoring-server', name: 'Monitoring server', blendable: false, monitoring: true },
];

describe('roleRefusal', () => {
  it('lets two blendable roles share a server', () => {
    expect(roleRefusal([], 'nginx', CATALOGUE)).toBeNull();
    expect(roleRefusal(['nginx'], 'postgresql', CATALOGUE)).toBeNull();
  });

  it('refuses a third role for the limit of two', () => {
    expect(roleRefusal(['nginx', 'postgresql'], 'redis', CATALOGUE)).toEqual({ kind: 'limit' });
  });

  it('names the monitoring role, whichever side it is on', () => {
    for (const [chosen, candidate] of [
      [['nginx'], 'monitoring-server'],
      [['monitoring-server'], 'nginx'],
    ] as const) {
      expect(roleRefusal(chosen, candidate, CATALOGUE)).toMatchObject({
        kind: 'monitoring',
        role: { id: 'monitoring-server' },
      });
    }
  });

  it('names the role that does not blend, whichever side it is on', () => {
    expect(roleRefusal(['docker-host'], 'redis', CATALOGUE)).toMatchObject({
      kind: 'notBlendable',
      role: { id: 'docker-host' },
    });
    expect(roleRefusal(['redis'], 'docker-host', CATALOGUE)).toMatchObject({
      kind: 'notBlendable',
      role: { id: 'docker-host' },
    });
  });

  it('never refuses a role that is already chosen, so it can be unticked', () => {
    expect(roleRefusal(['nginx', 'postgresql'], 'nginx', CATALOGUE)).toBeNull();
  });
});
