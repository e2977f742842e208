import bodyFontLatin from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url';

/**
 * The body font's Latin face, the one every page of ours sets text in: a page preloads it so the
 * text is not drawn first in the fallback and then moved when the font arrives.
 */
export const BODY_FONT_LATIN_URL: string = bodyFontLatin;
