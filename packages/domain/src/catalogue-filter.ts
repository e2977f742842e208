/** The supported-app catalogue's filter on the features page: its URL form and what it keeps. */
export interface CatalogueFilter {
  /** Free text; every word must occur in the entry's name, description or category. */
  query: string;
  /** A category slug, or '' for all apps. */
  category: string;
}

export const NO_FILTER: CatalogueFilter = { query: '', category: '' };

/** Lower case without accents, so "postgres" finds "PostgreSQL" and "ceph" finds "Céph". */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{Mn}/gu, '')
    .toLowerCase();
}

/** Reads ?q=…&category=… ; an unknown category means all, so an old link still shows something. */
export function filterFromSearch(search: string, categories: readonly string[]): CatalogueFilter {
  const params = new URLSearchParams(search);
  const category = params.get('category') ?? '';
  return {
    query: (params.get('q') ?? '').trim(),
    category: categories.includes(category) ? category : '',
  };
}

/** The query string for a filter ('' when it keeps everything), for a shareable address. */
export function filterToSearch(filter: CatalogueFilter): string {
  const params = new URLSearchParams();
  const query = filter.query.trim();
  if (query) params.set('q', query);
  if (filter.category) params.set('category', filter.category);
  const search = params.toString();
  return search ? `?${search}` : '';
}

export const isFiltering = (filter: CatalogueFilter) => filter.query.trim() !== '' || filter.category !== '';

/** Whether an entry passes; `text` is its searchable text, already folded with foldText. */
export function matchesFilter(entry: { category: string; text: string }, filter: CatalogueFilter): boolean {
  if (filter.category && entry.category !== filter.category) return false;
  return foldText(filter.query)
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => entry.text.includes(word));
}
