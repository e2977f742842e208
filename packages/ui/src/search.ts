/** Folds case, accents and underscores (time zones write spaces as "_") so a search matches as people type. */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replaceAll('_', ' ')
    .toLocaleLowerCase();

/** True when every word of the query occurs in the text, in any order. */
export function matchesSearch(text: string, query: string): boolean {
  const haystack = fold(text);
  return fold(query)
    .split(/\s+/)
    .every((word) => haystack.includes(word));
}
