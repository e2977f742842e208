import { activateLocale } from '@tidewatch/i18n';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toClientUser, useAdminStore } from '../../../lib/stores';
import { render, settle } from '../../../test/render';
import { CountBadge } from './count-badge';

const manager = toClientUser({
  'user/id': '0df07a59-020e-4bf9-8864-0518761410fd',
  'user/email': 'manager@acme.example',
  'user/name': 'Frank Miller',
  'user/roles': ['customer_manager'],
  'user/consulting-level': null,
  'customer/id': 'acmecorp',
});

const answer = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const admin = toClientUser({
  'user/id': '7a1f2d4c-5b6e-4f70-8a9b-0c1d2e3f4a5b',
  'user/email': 'admin@tidewatch.example',
  'user/name': 'Ada Admin',
  'user/roles': ['admin'],
  'user/consulting-level': null,
  'customer/id': 'tidewatchmon',
});

// Each test starts with no customer chosen; resetting it after a test would re-render a badge that is
// still mounted, and make it ask the real network.
beforeEach(() => {
  useAdminStore.setState({ currentCustomerId: null });
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('a count badge', () => {
  it("shows the customer's count from its own endpoint", async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(answer(7));
    const { container } = await render(<CountBadge user={manager} kind="server" />);
    await settle();
    expect(container.textContent).toBe('7');
    expect(String(fetch.mock.calls[0]?.[0])).toContain('/api/count/server/acmecorp');
  });

  it('is hidden while loading', async () => {
    vi.spyOn(globalThis, 'fetch').mockReturnValue(new Promise(() => {}));
    const { container } = await render(<CountBadge user={manager} kind="server" />);
    expect(container.textContent).toBe('');
  });

  it('is hidden on error, and does not ask again', async () => {
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(answer({ error: 'Internal Server Error', message: 'x' }, 500));
    const { container } = await render(<CountBadge user={manager} kind="cluster" />);
    await settle();
    await settle();
    expect(container.textContent).toBe('');
    const countCalls = fetch.mock.calls.filter(([url]) => String(url).includes('/count/'));
    expect(countCalls).toHaveLength(1);
  });

  it('reads an exact count out as it is, and one above the exact limit as "about", in both languages', async () => {
    const badge = (container: HTMLElement) => container.querySelector('[data-count-kind]');
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(answer(1_234));
    const exact = await render(<CountBadge user={admin} kind="server" />);
    await settle();
    expect(badge(exact.container)?.textContent).toBe('999+');
    expect(badge(exact.container)?.getAttribute('aria-label')).toBe('1,234 items');

    vi.spyOn(globalThis, 'fetch').mockResolvedValue(answer(1_200_000));
    const estimated = await render(<CountBadge user={admin} kind="cluster" />);
    await settle();
    expect(badge(estimated.container)?.textContent).toBe('999+');
    expect(badge(estimated.container)?.getAttribute('aria-label')).toBe('About 1,200,000 items');
    await act(() => activateLocale('da'));
    try {
      expect(badge(estimated.container)?.getAttribute('aria-label')).toBe('Ca. 1.200.000 elementer');
    } finally {
      await act(() => activateLocale('en'));
    }
  });

  it('is hidden for -1', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(answer(-1));
    const { container } = await render(<CountBadge user={manager} kind="team" />);
    await settle();
    expect(container.textContent).toBe('');
  });

  it("counts every customer for an admin who chose none, and the chosen customer's once chosen", async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => answer(44));
    const { container } = await render(<CountBadge user={admin} kind="server" />);
    await settle();
    expect(container.textContent).toBe('44');
    expect(String(fetch.mock.calls.at(-1)?.[0])).toContain('/api/admin/count/server');

    fetch.mockImplementation(async () => answer(5));
    await act(() => {
      useAdminStore.setState({ currentCustomerId: 'globex' });
    });
    await settle();
    expect(container.textContent).toBe('5');
    expect(String(fetch.mock.calls.at(-1)?.[0])).toContain('/api/count/server/globex');
  });
});
