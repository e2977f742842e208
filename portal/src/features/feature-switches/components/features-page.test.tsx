import { featureCatalogue } from '@tidewatch/content';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, settle } from '../../../test/render';
import { FeaturesPage } from './features-page';

const answer = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const FEATURES = featureCatalogue.map((feature) => ({ id: feature.id, enabled_for_all: false, tags: [] }));

/** The API as the page sees it, with the switch's save held until the test lets it answer. */
function fakeApi() {
  let answerSave: (response: Response) => void = () => {};
  const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    if (init?.method === 'PUT') return new Promise<Response>((resolve) => (answerSave = resolve));
    if (url.includes('/features')) return answer({ data: FEATURES });
    return answer({ data: [] });
  });
  return { fetch, answerSave: (response: Response) => act(async () => answerSave(response)) };
}

const monitoringSwitch = (container: HTMLElement) => {
  const label = [...container.querySelectorAll('label')].find(
    (element) => element.textContent === 'Monitoring for all servers',
  );
  return container.querySelector<HTMLButtonElement>(`#${CSS.escape(label?.htmlFor ?? '')}`);
};

afterEach(() => vi.restoreAllMocks());

describe('feature switches', () => {
  it('flip at once, and stay flipped when the server agrees', async () => {
    const api = fakeApi();
    const { container } = await render(<FeaturesPage customerId="acmecorp" canManage />);
    await settle();
    await act(async () => monitoringSwitch(container)?.click());
    // The cache tells the page on its next tick; the save is still unanswered then.
    await settle();
    expect(monitoringSwitch(container)?.getAttribute('aria-checked')).toBe('true');
    const [, init] = api.fetch.mock.calls.find(([, request]) => request?.method === 'PUT') ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ enabled: true });

    await api.answerSave(answer({ id: 'monitoring', enabled_for_all: true, tags: [] }));
    await settle();
    expect(monitoringSwitch(container)?.getAttribute('aria-checked')).toBe('true');
  });

  it('flip back when the server refuses', async () => {
    const api = fakeApi();
    const { container } = await render(<FeaturesPage customerId="acmecorp" canManage />);
    await settle();
    await act(async () => monitoringSwitch(container)?.click());
    // The cache tells the page on its next tick; the save is still unanswered then.
    await settle();
    expect(monitoringSwitch(container)?.getAttribute('aria-checked')).toBe('true');

    await api.answerSave(answer({ error: 'Internal Server Error', message: 'Database unavailable' }, 500));
    await settle();
    expect(monitoringSwitch(container)?.getAttribute('aria-checked')).toBe('false');
  });

  it('cannot be flipped by someone who may only read them', async () => {
    fakeApi();
    const { container } = await render(<FeaturesPage customerId="acmecorp" canManage={false} />);
    await settle();
    expect(monitoringSwitch(container)?.disabled).toBe(true);
  });
});
