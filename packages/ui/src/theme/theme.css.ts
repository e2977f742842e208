import { createGlobalTheme, createThemeContract, globalFontFace, globalStyle } from '@vanilla-extract/css';
import { fontSize, palettes, radius, space } from './tokens';

const colorNames = Object.fromEntries(Object.keys(palettes.light).map((name) => [name, null])) as {
  [K in keyof typeof palettes.light]: null;
};

export const vars = createThemeContract({
  color: colorNames,
  font: { body: null, mono: null },
  shadow: { overlay: null },
});

// Arial (or its metric twin Liberation Sans) scaled to Inter's size and line height, shown until
// Inter has loaded, so the swap moves no text: no layout shift. Semibold and bold text gets the
// real bold face, scaled to Inter's semibold widths: a synthetic bold wraps buttons differently.
const interLineGap = { lineGapOverride: '0%' };
globalFontFace('Inter Fallback', [
  {
    src: 'local("Arial"), local("ArialMT"), local("Liberation Sans"), local("LiberationSans")',
    fontWeight: '100 550',
    sizeAdjust: '107.4%',
    ascentOverride: '90.2%',
    descentOverride: '22.48%',
    ...interLineGap,
  },
  {
    src: 'local("Arial Bold"), local("Arial-BoldMT"), local("Liberation Sans Bold"), local("LiberationSans-Bold")',
    fontWeight: '551 900',
    sizeAdjust: '103%',
    ascentOverride: '94.05%',
    descentOverride: '23.42%',
    ...interLineGap,
  },
]);

const fonts = {
  body: '"Inter Variable", Inter, "Inter Fallback", system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  mono: 'ui-monospace, "SFMono-Regular", "JetBrains Mono", Menlo, Consolas, monospace',
};

// Light by default, dark when the system asks for it; `data-theme` on <html> overrides both.
createGlobalTheme(':root', vars, {
  color: palettes.light,
  font: fonts,
  shadow: { overlay: '0 8px 24px rgba(15, 27, 42, 0.16), 0 2px 6px rgba(15, 27, 42, 0.08)' },
});
globalStyle(':root', {
  '@media': {
    '(prefers-color-scheme: dark)': {
      vars: {
        ...Object.fromEntries(
          Object.entries(palettes.dark).map(([name, value]) => [
            vars.color[name as keyof typeof vars.color],
            value,
          ]),
        ),
        [vars.shadow.overlay]: '0 8px 24px rgba(0, 0, 0, 0.5)',
      },
    },
  },
});
createGlobalTheme(':root[data-theme="light"]', vars.color, palettes.light);
createGlobalTheme(':root[data-theme="dark"]', vars.color, palettes.dark);

export { fontSize, radius, space };
