import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { apiSortOf, changeView, filtersOf, listQueryOf, tableSortOf } from './list-query';
import { ServerListSearch } from './list-view';

describe('the server list view in the URL', () => {
  it('keeps what is valid and drops what is not, rather than failing the page', () => {
    expect(
      z.parse(ServerListSearch, {
        q: 'web',
        plan: 'diamond',
        status: 'active',
        limit: 7,
        sort: '-last_seen',
      }),
    ).toEqual({ q: 'web', status: 'active', sort: '-last_seen' });
    expect(z.parse(ServerListSearch, { q: 42 })).toEqual({ q: '42' });
  });

  it('asks the API for the page after the last cursor walked', () => {
    const view = z.parse(ServerListSearch, { tag: 'production', limit: 25, cursors: ['a', 'b'] });
    expect(listQueryOf(view)).toEqual({ tag: 'production', limit: 25, cursor: 'b' });
    expect(listQueryOf({})).toEqual({ limit: 50 });
  });

  it('starts from the first page when search, filters, sort or page size change, and leaves out empty values', () => {
    const view = z.parse(ServerListSearch, { q: 'web', cursors: ['a'] });
    expect(changeView(view, { status: 'stale' })).toEqual({ q: 'web', status: 'stale' });
    expect(changeView(view, { q: '' })).toEqual({});
  });

  it('gives the export the filters and the sort, not the page', () => {
    const view = z.parse(ServerListSearch, {
      q: 'db',
      plan: 'none',
      sort: 'plan',
      limit: 100,
      cursors: ['x'],
    });
    expect(filtersOf(view)).toEqual({ q: 'db', plan: 'none', sort: 'plan' });
  });

  it('turns the API sort into the table sort and back', () => {
    expect(tableSortOf({})).toEqual({ column: 'certname', direction: 'ascending' });
    expect(tableSortOf({ sort: '-last_seen' })).toEqual({ column: 'last_seen', direction: 'descending' });
    expect(apiSortOf({ column: 'os', direction: 'descending' })).toBe('-os');
    expect(apiSortOf({ column: 'tags', direction: 'ascending' })).toBeUndefined();
  });
});
