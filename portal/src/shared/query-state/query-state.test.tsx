import { useQuery } from '@tanstack/react-query';
import { DATABASE_FAULT_MESSAGES } from '@tidewatch/contract';
import { activateLocale } from '@tidewatch/i18n';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { render, settle } from '../../test/render';
import { QueryState } from './query-state';

/** A list whose load is answered by the test: `fail` and `answer` settle the pending attempt. */
function controlledLoad() {
  let settleLoad: { resolve(rows: string[]): void; reject(error: Error): void } | undefined;
  const load = () =>
    new Promise<string[]>((resolve, reject) => {
      settleLoad = { resolve, reject };
    });
  return {
    load,
    answer: (rows: string[]) => act(async () => settleLoad?.resolve(rows)),
    fail: (message: string) => act(async () => settleLoad?.reject(new Error(message))),
  };
}

function Rows({ load }: { load: () => Promise<string[]> }) {
  const query = useQuery({ queryKey: ['rows'], queryFn: load, retry: false });
  return (
    <QueryState query={query} failed="Could not load the rows" empty={<p>No rows yet</p>}>
      {(rows) => <p>{rows.join(', ')}</p>}
    </QueryState>
  );
}

const state = (container: HTMLElement) => container.querySelector('[data-state]')?.getAttribute('data-state');

describe('the state of a query', () => {
  it('is loading until the answer, then the data', async () => {
    const api = controlledLoad();
    const { container } = await render(<Rows load={api.load} />);
    expect(state(container)).toBe('loading');
    await api.answer(['web-01', 'db-01']);
    await settle();
    expect(state(container)).toBeUndefined();
    expect(container.textContent).toBe('web-01, db-01');
  });

  it('is empty, with what to do next, when there is nothing', async () => {
    const api = controlledLoad();
    const { container } = await render(<Rows load={api.load} />);
    await api.answer([]);
    await settle();
    expect(state(container)).toBe('empty');
    expect(container.textContent).toBe('No rows yet');
  });

  it('fails as an alert naming what failed, and Retry loads again', async () => {
    const api = controlledLoad();
    const { container } = await render(<Rows load={api.load} />);
    await api.fail('The server did not answer');
    await settle();
    const alert = container.querySelector('[role="alert"]');
    expect(alert?.getAttribute('data-state')).toBe('failed');
    expect(alert?.textContent).toContain('Could not load the rows');
    expect(alert?.textContent).toContain('The server did not answer');
    expect(container.textContent).not.toContain('No rows yet');

    const retry = [...container.querySelectorAll('button')].find((button) => button.textContent === 'Retry');
    await act(async () => retry?.click());
    await api.answer(['web-01']);
    await settle();
    expect(container.querySelector('[role="alert"]')).toBeNull();
    expect(container.textContent).toBe('web-01');
  });

  it("gives the server's reason in the reader's language where the catalog holds it", async () => {
    await act(() => activateLocale('da'));
    try {
      const api = controlledLoad();
      const { container } = await render(<Rows load={api.load} />);
      await api.fail(DATABASE_FAULT_MESSAGES.unreachable);
      await settle();
      expect(container.querySelector('[role="alert"]')?.textContent).toContain(
        'Databasen kan ikke nås lige nu; prøv igen om lidt',
      );
    } finally {
      await act(() => activateLocale('en'));
    }
  });
});
