import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The fonts the PDFs are set in, by the npm file that holds each: Noto Sans (Latin, Greek,
 * Cyrillic) in two weights, then for what it lacks Noto Sans SC (Chinese, Japanese kana) and
 * Noto Sans KR (Hangul).
 */
export const FONT_FILES = {
  regular: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
  chinese: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  korean: '@expo-google-fonts/noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf',
} as const;
export type FontName = keyof typeof FONT_FILES;

/** The folder beside a bundle that holds copies of the files (the server's build puts them there). */
export const BUNDLED_FONTS = 'fonts';

const here = path.dirname(fileURLToPath(import.meta.url));
const cache = new Map<FontName, Buffer>();

/** A font's file, read once: the bundle's copy when there is one, or else the npm package's. */
export function fontBytes(name: FontName): Buffer {
  const cached = cache.get(name);
  if (cached) return cached;
  const bundled = path.join(here, BUNDLED_FONTS, path.basename(FONT_FILES[name]));
  const file = fs.existsSync(bundled) ? bundled : createRequire(import.meta.url).resolve(FONT_FILES[name]);
  const bytes = fs.readFileSync(file);
  cache.set(name, bytes);
  return bytes;
}
