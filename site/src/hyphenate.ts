import danish from 'hyphen/da';
import english from 'hyphen/en-gb';
import type { SiteLocale } from './i18n';

// CommonJS modules: their default export is the whole module, in Node and bundled alike.
const HYPHENATORS = { en: english.hyphenateSync, da: danish.hyphenateSync };

/**
 * `text` with soft hyphens (U+00AD) where its long words may break, for columns narrower than a
 * word: every browser honours them, where `hyphens: auto` needs a dictionary the browser may not
 * have (decision 0074). Words of up to nine letters fit the narrowest such column and stay whole.
 */
export const withBreakPoints = (locale: SiteLocale, text: string) =>
  HYPHENATORS[locale](text, { minWordLength: 10 });
