import { fontSize, space, vars } from '@tidewatch/ui';
import { globalStyle, style } from '@vanilla-extract/css';

export const stack = style({ display: 'flex', flexDirection: 'column', gap: space[4] });
export const toolbar = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  flexWrap: 'wrap',
  gap: space[3],
});
export const intro = style({ margin: 0, color: vars.color.textMuted, maxWidth: '70ch' });
export const filters = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(160px, 1fr))',
  gap: space[3],
  alignItems: 'end',
});
export const mono = style({ fontFamily: vars.font.mono, overflowWrap: 'anywhere' });
/** A certname in a table cell: one line, the table scrolls instead. */
export const certname = style({ fontFamily: vars.font.mono, whiteSpace: 'nowrap' });
export const muted = style({ margin: 0, color: vars.color.textMuted, fontSize: fontSize.sm });
export const tags = style({ display: 'flex', flexWrap: 'wrap', gap: space[1], minWidth: '160px' });
// A badge is one line high: a tag name must not wrap inside it.
globalStyle(`${tags} > *`, { whiteSpace: 'nowrap' });
export const row = style({ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: space[2] });

export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 220px), 1fr))',
  gap: space[4],
  margin: 0,
});
export const fact = style({ display: 'flex', flexDirection: 'column', gap: space[1] });
export const term = style({ fontSize: fontSize.sm, color: vars.color.textMuted });
export const definition = style({ margin: 0, fontWeight: 600 });

export const form = style({ display: 'flex', flexDirection: 'column', gap: space[4] });
export const formGrid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 200px), 1fr))',
  gap: space[4],
  alignItems: 'start',
});
export const wide = style({ gridColumn: '1 / -1' });
export const nodeGroup = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 1fr) minmax(0, 1fr) auto',
  gap: space[2],
  alignItems: 'end',
  '@media': { 'screen and (max-width: 519px)': { gridTemplateColumns: '1fr 1fr' } },
});
export const tagChoices = style({ display: 'flex', flexWrap: 'wrap', gap: `${space[2]} ${space[4]}` });
export const formError = style({ color: vars.color.danger, margin: 0 });
export const formActions = style({
  display: 'flex',
  justifyContent: 'flex-end',
  flexWrap: 'wrap',
  gap: space[2],
});

/** Plan and tags side by side where there is room; tags take the wider share. */
export const editors = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(280px, 2fr) minmax(320px, 3fr)',
  gap: space[6],
  alignItems: 'start',
  '@media': { 'screen and (max-width: 899px)': { gridTemplateColumns: 'minmax(0, 1fr)' } },
});
