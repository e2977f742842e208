import { SECRET_MASK } from '@tidewatch/domain';
import { describe, expect, it } from 'vitest';
import { initialValues, isUnchanged, parameterGroups, refusalOf, roleById, toParameters } from './role-form';

const role = (id: string) => {
  const found = roleById(id);
  if (!found) throw new Error(`no role ${id} in the catalogue`);
  return found;
};

describe('refusalOf', () => {
  it('applies the blending rules to the catalogue: the monitoring role runs alone', () => {
    expect(refusalOf(['nginx'], 'postgresql')).toBeNull();
    expect(refusalOf(['nginx'], 'monitoring-server')).toMatchObject({
      kind: 'monitoring',
      role: { id: 'monitoring-server' },
    });
    expect(refusalOf(['redis'], 'docker-host')).toMatchObject({
      kind: 'notBlendable',
      role: { id: 'docker-host' },
    });
  });
});

describe('parameterGroups', () => {
  it('groups a role’s parameters in the catalogue’s group order, leaving out empty groups', () => {
    const groups = parameterGroups(role('nginx'));
    expect(groups.map((entry) => entry.group)).toEqual(['sites', 'tls', 'performance']);
    expect(groups[1]?.parameters.map((parameter) => parameter.key)).toEqual(['certificate_email', 'http2']);
  });
});

describe('initialValues', () => {
  it('starts from the defaults, with flags as booleans and numbers as text', () => {
    expect(initialValues(role('nginx'))).toEqual({
      server_names: '',
      certificate_email: '',
      http2: true,
      worker_processes: '2',
      client_max_body_size_mb: '10',
    });
  });

  it('takes current values over defaults and never shows a secret', () => {
    const values = initialValues(role('postgresql'), {
      version: '17',
      max_connections: 500,
      replication_password: SECRET_MASK,
    });
    expect(values).toMatchObject({ version: '17', max_connections: '500', replication_password: '' });
  });
});

describe('toParameters', () => {
  it('converts text to the catalogue’s types', () => {
    const { parameters, problems } = toParameters(role('nginx'), {
      server_names: ' shop.example.com ',
      certificate_email: 'ops@example.com',
      http2: false,
      worker_processes: '4',
      client_max_body_size_mb: '100',
    });
    expect(problems).toEqual({});
    expect(parameters).toEqual({
      server_names: 'shop.example.com',
      certificate_email: 'ops@example.com',
      http2: false,
      worker_processes: 4,
      client_max_body_size_mb: 100,
    });
  });

  it('leaves an empty secret out, so the server keeps the one that is set', () => {
    const values = { ...initialValues(role('redis')), password: '' };
    expect(toParameters(role('redis'), values).parameters).not.toHaveProperty('password');
    expect(toParameters(role('redis'), { ...values, password: 's3cret' }).parameters).toMatchObject({
      password: 's3cret',
    });
  });

  it('reports whole numbers and ranges per field', () => {
    const values = initialValues(role('nginx'));
    expect(toParameters(role('nginx'), { ...values, worker_processes: '2.5' }).problems).toEqual({
      worker_processes: { kind: 'integer' },
    });
    expect(toParameters(role('nginx'), { ...values, worker_processes: '' }).problems).toEqual({
      worker_processes: { kind: 'integer' },
    });
    expect(toParameters(role('nginx'), { ...values, worker_processes: '65' }).problems).toEqual({
      worker_processes: { kind: 'range', min: 1, max: 64 },
    });
  });
});

describe('isUnchanged', () => {
  const current = { roles: ['nginx'], parameters: { nginx: { worker_processes: 2, http2: true } } };

  it('is true when the same roles get the values they have', () => {
    expect(isUnchanged(current, ['nginx'], { nginx: { worker_processes: 2, http2: true } })).toBe(true);
  });

  it('is false for other roles, another order, another value or a new secret', () => {
    expect(isUnchanged(current, ['nginx', 'redis'], { nginx: {} })).toBe(false);
    expect(isUnchanged(current, ['nginx'], { nginx: { worker_processes: 3 } })).toBe(false);
    expect(
      isUnchanged({ roles: ['redis'], parameters: { redis: {} } }, ['redis'], { redis: { password: 'x' } }),
    ).toBe(false);
  });
});
