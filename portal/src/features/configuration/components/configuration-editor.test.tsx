import { SECRET_MASK } from '@tidewatch/domain';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, settle } from '../../../test/render';
import { ConfigurationEditor } from './configuration-editor';

const answer = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const CURRENT = {
  roles: ['postgresql'],
  parameters: {
    postgresql: {
      version: '16',
      max_connections: 300,
      listen_addresses: 'localhost',
      backup_retention_days: 14,
      replication_password: SECRET_MASK,
    },
  },
  yaml: '',
};

const checkbox = (container: HTMLElement, id: string) =>
  container.querySelector<HTMLInputElement>(`#role-${id}`);
const field = (container: HTMLElement, role: string, key: string) =>
  container.querySelector<HTMLInputElement & HTMLSelectElement>(`#parameter-${role}-${key}`);
const legends = (container: HTMLElement) =>
  [...container.querySelectorAll('legend')].map((legend) => legend.textContent);

async function type(element: HTMLInputElement | null, value: string) {
  await act(async () => {
    if (!element) throw new Error('no such field');
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
    setter?.call(element, value);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

async function renderEditor(onOpened = vi.fn()) {
  const { container } = await render(
    <ConfigurationEditor
      customerId="acmecorp"
      target={{ kind: 'server', certname: 'db-01.acmecorp' }}
      current={CURRENT}
      onOpened={onOpened}
    />,
  );
  return container;
}

afterEach(() => vi.restoreAllMocks());

describe('the role configuration form', () => {
  it("is built from the catalogue: a chosen role's settings by group, current values first, secrets hidden", async () => {
    const container = await renderEditor();
    expect(checkbox(container, 'postgresql')?.checked).toBe(true);
    expect(legends(container)).toEqual(
      expect.arrayContaining(['Server', 'Performance', 'Backups', 'Replication']),
    );
    expect(field(container, 'postgresql', 'version')?.value).toBe('16');
    expect(field(container, 'postgresql', 'max_connections')?.value).toBe('300');
    const secret = field(container, 'postgresql', 'replication_password');
    expect(secret?.type).toBe('password');
    expect(secret?.value).toBe('');
    expect(container.textContent).toContain('Set. Leave empty to keep it, or type a new one.');
  });

  it('refuses a combination the blending rules forbid, and says why', async () => {
    const container = await renderEditor();
    expect(checkbox(container, 'monitoring-server')?.disabled).toBe(true);
    expect(container.querySelector('#role-monitoring-server-refusal')?.textContent).toBe(
      "Monitoring server is a monitoring role and runs alone, so it can't be combined with another role.",
    );
    expect(checkbox(container, 'docker-host')?.disabled).toBe(true);
    expect(container.querySelector('#role-docker-host-refusal')?.textContent).toContain(
      'Docker host runs alone',
    );

    await act(async () => checkbox(container, 'redis')?.click());
    expect(checkbox(container, 'redis')?.checked).toBe(true);
    expect(checkbox(container, 'nginx')?.disabled).toBe(true);
    expect(container.textContent).toContain('Two roles are chosen: untick one to choose another.');
    expect(legends(container)).toContain('Access');
  });

  it('opens a change request with typed values, leaving an untouched secret out', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => answer({ number: 7 }));
    const onOpened = vi.fn();
    const container = await renderEditor(onOpened);
    await act(async () => checkbox(container, 'redis')?.click());
    await type(field(container, 'postgresql', 'max_connections'), '400');
    await type(field(container, 'redis', 'password'), 'cache-secret');
    await act(async () => container.querySelector('form')?.requestSubmit());
    await settle();

    const [url, init] = fetch.mock.calls.find(([, request]) => request?.method === 'POST') ?? [];
    expect(String(url)).toContain('/api/customer/acmecorp/change-requests');
    const body = JSON.parse(String(init?.body));
    expect(body.target).toEqual({ kind: 'server', certname: 'db-01.acmecorp' });
    expect(body.roles).toEqual(['postgresql', 'redis']);
    expect(body.parameters.postgresql).toMatchObject({ max_connections: 400, version: '16' });
    expect(body.parameters.postgresql).not.toHaveProperty('replication_password');
    expect(body.parameters.redis).toMatchObject({
      password: 'cache-secret',
      maxmemory_mb: 512,
      persistence: true,
    });
    expect(onOpened).toHaveBeenCalledWith({ number: 7 });
  });

  it('sends nothing while a value is out of range, or when nothing would change', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    const container = await renderEditor();
    await act(async () => container.querySelector('form')?.requestSubmit());
    expect(container.textContent).toContain('Nothing to change: this is the configuration as it is.');

    await type(field(container, 'postgresql', 'max_connections'), '5');
    await act(async () => container.querySelector('form')?.requestSubmit());
    expect(container.textContent).toContain('Enter a number from 10 to 5000');
    expect(fetch).not.toHaveBeenCalled();
    // One message says what is wrong; "nothing to change" is not said beside it.
    const alerts = [...container.querySelectorAll('[role="alert"]')].map((alert) => alert.textContent);
    expect(alerts).toEqual(['Maximum connections: Enter a number from 10 to 5000.']);
  });
});
