import { act } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useCeilingStore, useNotificationStore } from '../../lib/stores';
import { render } from '../../test/render';
import { CeilingNotice } from './ceiling-notice';

const november = new Date(2026, 10, 22);
const december = new Date(2026, 11, 2);

beforeEach(() => {
  useCeilingStore.setState({ expenseCeilingReached: 0 });
  useNotificationStore.setState({ ceilingNoticeDismissedFor: null });
});

describe('the expense-ceiling notice', () => {
  it('stays away while the ceiling is not reached', async () => {
    const { container } = await render(<CeilingNotice now={november} />);
    expect(container.textContent).toBe('');
  });

  it('shows when reached, and once dismissed stays away for the rest of the month only', async () => {
    useCeilingStore.setState({ expenseCeilingReached: 2500 });
    const first = await render(<CeilingNotice now={november} />);
    expect(first.container.textContent).toContain('Your expense ceiling of €2,500.00 is reached');
    await act(async () => first.container.querySelector('button')?.click());
    expect(first.container.textContent).toBe('');
    expect(useNotificationStore.getState().ceilingNoticeDismissedFor).toBe('2026-11');

    const nextMonth = await render(<CeilingNotice now={december} />);
    expect(nextMonth.container.textContent).toContain('is reached');
  });
});
