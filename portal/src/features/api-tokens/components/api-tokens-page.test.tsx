import { QueryClient } from '@tanstack/react-query';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, settle } from '../../../test/render';
import { ApiTokensPage, type CreateRefusal } from './api-tokens-page';

const answer = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const DAY_MS = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();

const CI_SYNC = {
  id: '0b7c2f4e-5d7a-4a63-9a7e-2f1d3c4b5a69',
  name: 'CI sync',
  scopes: ['servers:read', 'servers:write'],
  created_by: 'manager@acme.example',
  created_at: inDays(-10),
  expires_at: inDays(80),
  last_used_at: inDays(-1),
  last_used_ip: '203.0.113.7',
};
const INVENTORY = {
  ...CI_SYNC,
  id: '9d3e4c1a-7b2f-4e8d-a6c5-1f0e9d8c7b6a',
  name: 'Inventory',
  scopes: ['clusters:read'],
  created_by: null,
  expires_at: inDays(2.5),
  last_used_at: null,
  last_used_ip: null,
};
const OLD_EXPORT = {
  ...INVENTORY,
  id: '4f6a8b0c-2d4e-4f6a-8b0c-2d4e6f8a0b1c',
  name: 'Old export',
  expires_at: inDays(-3),
};

/** The API as the page sees it: the list answers `list()`, a creation answers `create(body)`. */
function fakeApi(handlers: { list(): Response | Promise<Response>; create?(body: unknown): Response }) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    if (!url.includes('/api-tokens')) return answer({ data: [] });
    if (init?.method === 'POST') return handlers.create?.(JSON.parse(String(init.body))) ?? answer({}, 500);
    return handlers.list();
  });
}

/** Failures stay failures: the page's Retry is what asks again. */
const noRetries = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

async function renderPage(createRefusal: CreateRefusal | null = null) {
  const { container } = await render(
    <ApiTokensPage customerId="acmecorp" createRefusal={createRefusal} />,
    noRetries(),
  );
  await settle();
  return container;
}

const state = (container: HTMLElement) => container.querySelector('[data-state]')?.getAttribute('data-state');
const button = (root: ParentNode, name: string) =>
  [...root.querySelectorAll('button')].find((element) => element.textContent === name);
const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');

async function type(element: HTMLInputElement | null | undefined, value: string) {
  await act(async () => {
    if (!element) throw new Error('no such field');
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(element, value);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

const fieldLabelled = (root: ParentNode, label: string) => {
  const element = [...root.querySelectorAll('label')].find((candidate) =>
    candidate.textContent?.startsWith(label),
  );
  return (
    element?.querySelector('input') ??
    root.querySelector<HTMLInputElement>(`#${CSS.escape(element?.htmlFor ?? '')}`)
  );
};

afterEach(() => vi.restoreAllMocks());

describe('the API tokens page', () => {
  it('is loading until the list comes, and says so apart from empty or failed', async () => {
    fakeApi({ list: () => new Promise<Response>(() => {}) });
    const { container } = await render(<ApiTokensPage customerId="acmecorp" createRefusal={null} />);
    expect(state(container)).toBe('loading');
    expect(container.textContent).not.toContain('No API tokens yet');
  });

  it('without tokens says what they are for and offers to make one', async () => {
    fakeApi({ list: () => answer({ data: [] }) });
    const container = await renderPage();
    expect(state(container)).toBe('empty');
    expect(container.textContent).toContain('No API tokens yet');
    expect(container.textContent).toContain('with only the scopes you choose');
    expect(button(container, 'New token')?.disabled).toBe(false);
  });

  it('says a failed load with the reason and a Retry that brings the list', async () => {
    let failing = true;
    fakeApi({
      list: () =>
        failing
          ? answer({ error: 'Internal Server Error', message: 'The database did not answer' }, 500)
          : answer({ data: [CI_SYNC] }),
    });
    const container = await renderPage();
    const failed = container.querySelector('[data-state="failed"]');
    expect(failed?.getAttribute('role')).toBe('alert');
    expect(failed?.textContent).toContain('Could not load the API tokens');
    expect(container.textContent).not.toContain('No API tokens yet');
    failing = false;
    await act(async () => button(container, 'Retry')?.click());
    await settle();
    expect(container.querySelector('[data-state="failed"]')).toBeNull();
    expect(container.querySelector('th[scope="row"]')?.textContent).toBe('CI sync');
  });

  it('lists each token with its scopes, maker, expiry and last use', async () => {
    fakeApi({ list: () => answer({ data: [CI_SYNC, INVENTORY, OLD_EXPORT] }) });
    const container = await renderPage();
    const rows = [...container.querySelectorAll('tbody tr')];
    expect(rows.map((row) => row.querySelector('th')?.textContent)).toEqual([
      'CI sync',
      'Inventory',
      'Old export',
    ]);
    const [ciSync, inventory, oldExport] = rows;
    expect(ciSync?.querySelector('ul[aria-label="Scopes of CI sync"]')?.textContent).toBe(
      'Read serversChange servers',
    );
    expect(ciSync?.textContent).toContain('by manager@acme.example');
    expect(ciSync?.textContent).toContain('203.0.113.7');
    expect(ciSync?.textContent).not.toMatch(/Expire/);
    expect(inventory?.textContent).toContain('by a user since removed');
    expect(inventory?.textContent).toContain('Expires in 3 days');
    expect(inventory?.textContent).toContain('Never');
    expect(oldExport?.textContent).toContain('Expired');
  });

  it.each([
    ['staff', 'Staff can list and revoke'],
    ['impersonating', 'Not while impersonating'],
  ] as const)('offers no token to make for %s, and says why', async (refusal, why) => {
    fakeApi({ list: () => answer({ data: [CI_SYNC] }) });
    const container = await renderPage(refusal);
    const create = button(container, 'New token');
    expect(create?.disabled).toBe(true);
    const note = document.getElementById(create?.getAttribute('aria-describedby') ?? '');
    expect(note?.textContent).toContain(why);
    // Revoking stays theirs.
    expect(container.querySelector('button[aria-label="Revoke CI sync"]')).not.toBeNull();
  });
});

describe('making a token', () => {
  async function openForm() {
    const container = await renderPage();
    await act(async () => button(container, 'New token')?.click());
    const form = dialog();
    if (!form) throw new Error('the dialog did not open');
    await type(fieldLabelled(form, 'Name'), 'CI sync');
    await act(async () => fieldLabelled(form, 'Read servers')?.click());
    return form;
  }

  /** Sends the form and waits for the answer: the XSRF token is asked for first, so it takes a few turns. */
  async function send(form: HTMLElement) {
    const fetch = vi.mocked(globalThis.fetch);
    const posted = () => fetch.mock.calls.some(([, init]) => init?.method === 'POST');
    await act(async () => button(form, 'Make token')?.click());
    for (let turn = 0; turn < 100 && !(posted() && !form.querySelector('[aria-busy="true"]')); turn += 1)
      await act(() => new Promise((resolve) => setTimeout(resolve, 5)));
    await settle();
  }

  it('shows the server’s refusal of a field under that field', async () => {
    fakeApi({
      list: () => answer({ data: [] }),
      create: () =>
        answer(
          {
            error: 'Bad Request',
            message: 'A token lasts at most 365 days',
            fieldErrors: { expires_in_days: ['A token lasts at most 365 days'] },
          },
          400,
        ),
    });
    const form = await openForm();
    await send(form);
    const days = fieldLabelled(form, 'Days until it expires');
    expect(days?.getAttribute('aria-invalid')).toBe('true');
    expect(form.textContent).toContain('A token lasts at most 365 days');
  });

  it('shows the server’s refusal of the whole form, as for staff', async () => {
    fakeApi({
      list: () => answer({ data: [] }),
      create: () =>
        answer(
          {
            error: 'Forbidden',
            message: 'Only a manager of the customer, signed in as themselves, can make its API tokens',
          },
          403,
        ),
    });
    const form = await openForm();
    await send(form);
    expect(form.querySelector('[role="alert"]')?.textContent).toContain('signed in as themselves');
  });

  it('sends what was chosen, then shows the token once with a warning and a call to try it', async () => {
    const sent: unknown[] = [];
    fakeApi({
      list: () => answer({ data: [] }),
      create: (body) => {
        sent.push(body);
        return answer({ ...CI_SYNC, last_used_at: null, last_used_ip: null, token: 'twk_secret' }, 201);
      },
    });
    const form = await openForm();
    await act(async () => button(form, '30 days')?.click());
    expect(fieldLabelled(form, 'Days until it expires')?.value).toBe('30');
    await send(form);
    expect(sent).toEqual([{ name: 'CI sync', scopes: ['servers:read'], expires_in_days: 30 }]);
    const shown = dialog();
    expect(shown?.querySelector('h2')?.textContent).toBe('Copy your new token “CI sync”');
    expect(shown?.textContent).toContain('This is the only time the token is shown');
    const codes = [...(shown?.querySelectorAll('code') ?? [])].map((code) => code.textContent);
    expect(codes).toContain('twk_secret');
    expect(codes).toContain(
      `curl -H "Authorization: Bearer twk_secret" ${window.location.origin}/api/customer/acmecorp/servers`,
    );
  });
});
