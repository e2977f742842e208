import { getContrast } from 'color2k';
import { describe, expect, it } from 'vitest';
import { palettes, TEXT_PAIRS, UI_PAIRS } from './tokens';

describe.each(Object.entries(palettes))('the %s theme', (_name, palette) => {
  it.each(TEXT_PAIRS)('%s on %s reaches 4.5:1 (WCAG AA text)', (text, background) => {
    expect(getContrast(palette[text], palette[background])).toBeGreaterThanOrEqual(4.5);
  });

  it.each(UI_PAIRS)('%s on %s reaches 3:1 (WCAG AA non-text)', (foreground, background) => {
    expect(getContrast(palette[foreground], palette[background])).toBeGreaterThanOrEqual(3);
  });
});
