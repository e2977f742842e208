import { describe, expect, it } from 'vitest';
import { sortRows } from './sort-rows';

const rows = [
  { name: 'web-10', zone: 'Europe/Oslo', servers: 2 },
  { name: 'web-9', zone: null, servers: 12 },
  { name: 'db', zone: 'America/Chicago', servers: 0 },
];
const columnValues = {
  name: (row: (typeof rows)[number]) => row.name,
  zone: (row: (typeof rows)[number]) => row.zone,
  servers: (row: (typeof rows)[number]) => row.servers,
};

describe('sortRows', () => {
  it('sorts names with their numbers in order, both ways', () => {
    expect(
      sortRows(rows, { column: 'name', direction: 'ascending' }, columnValues).map((r) => r.name),
    ).toEqual(['db', 'web-9', 'web-10']);
    expect(
      sortRows(rows, { column: 'servers', direction: 'descending' }, columnValues).map((r) => r.servers),
    ).toEqual([12, 2, 0]);
  });

  it('puts rows without a value last in either direction', () => {
    for (const direction of ['ascending', 'descending'] as const) {
      expect(sortRows(rows, { column: 'zone', direction }, columnValues).at(-1)?.name).toBe('web-9');
    }
  });
});
