import { hyphenateSync as danish } from 'hyphen/da';
import { hyphenateSync as english } from 'hyphen/en-gb';
import type { SiteLocale } from './i18n';

const HYPHENATORS = { en: english, da: danish };

/**
 * `text` with soft hyphens (U+00AD) where its long words may break, for columns narrower than a
 * word: every browser honours them, where `hyphens: auto` needs a dictionary the browser may not
 * have (decision 0074). Words of up to nine letters fit the narrowest such column and stay whole.
 */
export const withBreakPoints = (locale: SiteLocale, text: string) =>
  HYPHENATORS[locale](text, { minWordLength: 10 });
