import { describe, expect, it } from 'vitest';
import { filterFromSearch, filterToSearch, foldText, matchesFilter, NO_FILTER } from './catalogue-filter';

const categories = ['databases', 'web-servers'];
const redis = { category: 'databases', text: foldText('Redis In-memory key-value store Databases') };
const nginx = { category: 'web-servers', text: foldText('Nginx Web server and reverse proxy Web Servers') };

describe('catalogue filter', () => {
  it('keeps everything without a query or category', () => {
    expect(matchesFilter(redis, NO_FILTER)).toBe(true);
    expect(matchesFilter(nginx, { query: '   ', category: '' })).toBe(true);
  });

  it('needs every word of the query, in any case and order', () => {
    expect(matchesFilter(redis, { query: 'REDIS', category: '' })).toBe(true);
    expect(matchesFilter(nginx, { query: 'proxy nginx', category: '' })).toBe(true);
    expect(matchesFilter(nginx, { query: 'proxy redis', category: '' })).toBe(false);
  });

  it('ignores accents on both sides', () => {
    expect(
      matchesFilter({ category: 'x', text: foldText('Lagring på diske') }, { query: 'PA', category: '' }),
    ).toBe(true);
    expect(matchesFilter(redis, { query: 'rédis', category: '' })).toBe(true);
  });

  it('keeps only the chosen category', () => {
    expect(matchesFilter(redis, { query: '', category: 'databases' })).toBe(true);
    expect(matchesFilter(nginx, { query: '', category: 'databases' })).toBe(false);
  });

  it('round-trips through the address', () => {
    const filter = { query: 'key value', category: 'databases' };
    expect(filterToSearch(filter)).toBe('?q=key+value&category=databases');
    expect(filterFromSearch(filterToSearch(filter), categories)).toEqual(filter);
    expect(filterToSearch(NO_FILTER)).toBe('');
  });

  it('treats an unknown category as all apps', () => {
    expect(filterFromSearch('?category=mainframes&q=%20redis%20', categories)).toEqual({
      query: 'redis',
      category: '',
    });
  });
});
