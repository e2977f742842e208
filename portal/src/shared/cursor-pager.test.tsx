import { activateLocale } from '@tidewatch/i18n';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { render } from '../test/render';
import { CursorPager, type ListTotal } from './cursor-pager';

const pager = (total: ListTotal | null) => (
  <CursorPager
    label="Server list pages"
    view={{ cursors: ['first'] }}
    onViewChange={() => {}}
    pageSize={50}
    rowCount={50}
    total={total}
    nextCursor="second"
    loading={false}
  />
);

describe('the cursor pager', () => {
  it('places the rows within an exact total, an estimated one with "about", and an unknown one not at all', async () => {
    const exact = await render(pager({ count: 1_234, estimate: false }));
    expect(exact.container.textContent).toContain('Showing 51–100 of 1,234');
    const estimated = await render(pager({ count: 1_200_000, estimate: true }));
    expect(estimated.container.textContent).toContain('Showing 51–100 of about 1,200,000');
    const unknown = await render(pager(null));
    expect(unknown.container.textContent).toContain('Showing 51–100');
    expect(unknown.container.textContent).not.toContain(' of ');
  });

  it('says "about" in Danish too', async () => {
    await act(() => activateLocale('da'));
    try {
      const estimated = await render(pager({ count: 1_200_000, estimate: true }));
      expect(estimated.container.textContent).toContain('Viser 51–100 af ca. 1.200.000');
    } finally {
      await act(() => activateLocale('en'));
    }
  });
});
