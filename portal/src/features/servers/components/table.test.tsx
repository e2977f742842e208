import { nextSort, Table, type TableColumn } from '@tidewatch/ui';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from '../../../test/render';

/** The shared Table (packages/ui), tested here where the DOM environment is. */
interface Row {
  name: string;
  count: number;
}
const rows: Row[] = [
  { name: 'web-01', count: 3 },
  { name: 'web-02', count: 5 },
];
const columns: TableColumn<Row>[] = [
  { id: 'name', header: 'Name', rowHeader: true, sortable: true, cell: (row) => row.name },
  { id: 'count', header: 'Count', numeric: true, cell: (row) => row.count },
];

afterEach(() => {
  document.body.innerHTML = '';
});

function renderTable(props: Partial<Parameters<typeof Table<Row>>[0]> = {}) {
  return render(
    <Table label="Servers" columns={columns} rows={rows} rowKey={(row) => row.name} {...props} />,
  );
}

const checkbox = (container: HTMLElement, label: string) =>
  [...container.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')].find(
    (input) => input.closest('label')?.textContent === label,
  ) as HTMLInputElement;

describe('the shared table', () => {
  it('names itself, marks the sorted column and asks for the next sort', async () => {
    const onSort = vi.fn();
    const { container } = await renderTable({ sort: { column: 'name', direction: 'ascending' }, onSort });
    expect(container.querySelector('caption')?.textContent).toBe('Servers');
    const headers = container.querySelectorAll('thead th');
    expect(headers[0]?.getAttribute('aria-sort')).toBe('ascending');
    expect(headers[1]?.hasAttribute('aria-sort')).toBe(false);
    expect(headers[1]?.querySelector('button')).toBeNull();
    await act(async () => headers[0]?.querySelector('button')?.click());
    expect(onSort).toHaveBeenCalledWith('name');
    expect(container.querySelectorAll('tbody th[scope="row"]')).toHaveLength(2);
  });

  it('sorts ascending first, then the other way round', () => {
    expect(nextSort(undefined, 'name')).toEqual({ column: 'name', direction: 'ascending' });
    expect(nextSort({ column: 'name', direction: 'ascending' }, 'name')).toEqual({
      column: 'name',
      direction: 'descending',
    });
    expect(nextSort({ column: 'name', direction: 'descending' }, 'count')).toEqual({
      column: 'count',
      direction: 'ascending',
    });
  });

  it('selects rows one by one, and all or none from the header, which shows a mixed state', async () => {
    const onChange = vi.fn();
    const selection = {
      selected: new Set(['web-01']),
      onChange,
      rowLabel: (row: Row) => `Select ${row.name}`,
      allLabel: 'Select all',
    };
    const { container } = await renderTable({ selection });
    const all = checkbox(container, 'Select all');
    expect(all.checked).toBe(false);
    expect(all.indeterminate).toBe(true);
    expect(checkbox(container, 'Select web-01').checked).toBe(true);

    await act(async () => all.click());
    expect([...(onChange.mock.lastCall?.[0] ?? [])]).toEqual(['web-01', 'web-02']);
    await act(async () => checkbox(container, 'Select web-01').click());
    expect([...(onChange.mock.lastCall?.[0] ?? [])]).toEqual([]);
  });

  it('shows placeholder rows while loading and the empty state when there is nothing', async () => {
    const loading = await renderTable({ rows: [], loading: true });
    expect(loading.container.querySelector('table')?.getAttribute('aria-busy')).toBe('true');
    expect(loading.container.querySelectorAll('tbody tr').length).toBeGreaterThan(1);
    await loading.unmount();

    const empty = await renderTable({ rows: [], empty: <p>No servers yet</p> });
    expect(empty.container.querySelector('tbody')?.textContent).toBe('No servers yet');
    expect(empty.container.querySelector('td')?.getAttribute('colspan')).toBe('2');
  });
});
