import { fontSize, radius, space, vars } from '@tidewatch/ui/theme';
import { globalStyle, style } from '@vanilla-extract/css';

const wide = 'screen and (min-width: 1000px)';

export const header = style({
  padding: `${space[12]} 0 ${space[8]}`,
  background: `linear-gradient(180deg, ${vars.color.brandSubtle} 0%, ${vars.color.bg} 100%)`,
});

export const updated = style({ margin: `${space[4]} 0 0`, color: vars.color.textMuted });

/** Contents beside the text on a wide screen, above it otherwise. */
export const layout = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: space[8],
  paddingBottom: space[16],
  '@media': { [wide]: { gridTemplateColumns: '260px minmax(0, 1fr)', gap: space[12] } },
});

export const toc = style({
  alignSelf: 'start',
  padding: space[5],
  borderRadius: radius.card,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  '@media': {
    [wide]: { position: 'sticky', top: '88px', maxHeight: 'calc(100vh - 112px)', overflowY: 'auto' },
  },
});

export const tocHeading = style({ margin: `0 0 ${space[3]}`, fontSize: fontSize.md });

export const tocList = style({
  margin: 0,
  paddingLeft: space[5],
  fontSize: fontSize.sm,
  lineHeight: 1.4,
  '@media': { 'screen and (min-width: 600px) and (max-width: 999px)': { columns: 2, columnGap: space[8] } },
});

globalStyle(`${tocList} > li`, { padding: `${space[1]} 0`, breakInside: 'avoid' });
globalStyle(`${tocList} a`, { color: vars.color.text, textDecorationColor: vars.color.borderStrong });
globalStyle(`${tocList} a:hover`, { color: vars.color.brand });

/** Long-form text: a comfortable measure, clear section breaks, readable tables. */
export const prose = style({ maxWidth: '72ch', fontSize: fontSize.md, lineHeight: 1.7 });

globalStyle(`${prose} > :first-child`, { marginTop: 0 });
globalStyle(`${prose} h2`, {
  margin: `${space[12]} 0 ${space[3]}`,
  paddingTop: space[6],
  borderTop: `1px solid ${vars.color.border}`,
  fontSize: fontSize.xl,
  lineHeight: 1.3,
  scrollMarginTop: '72px',
});
globalStyle(`${prose} h3`, { margin: `${space[8]} 0 ${space[2]}`, fontSize: fontSize.lg, lineHeight: 1.35 });
globalStyle(`${prose} p, ${prose} ul, ${prose} ol`, { margin: `0 0 ${space[4]}` });
globalStyle(`${prose} ul, ${prose} ol`, { paddingLeft: space[6] });
globalStyle(`${prose} li + li`, { marginTop: space[2] });
globalStyle(`${prose} strong`, { fontWeight: 650 });
globalStyle(`${prose} table`, {
  width: '100%',
  margin: `${space[2]} 0 ${space[6]}`,
  borderCollapse: 'collapse',
  fontSize: fontSize.sm,
});
globalStyle(`${prose} th, ${prose} td`, {
  padding: `${space[2]} ${space[3]}`,
  borderBottom: `1px solid ${vars.color.border}`,
  textAlign: 'left',
});
globalStyle(`${prose} th`, { background: vars.color.surface, fontWeight: 650 });
