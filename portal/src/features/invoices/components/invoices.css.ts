import { fontSize, space, vars } from '@tidewatch/ui';
import { globalStyle, style } from '@vanilla-extract/css';

export const stack = style({ display: 'flex', flexDirection: 'column', gap: space[5] });
export const filters = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(150px, 1fr))',
  gap: space[3],
  alignItems: 'end',
});
export const totals = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(150px, 1fr))',
  gap: space[3],
  margin: 0,
});
export const total = style({ display: 'flex', flexDirection: 'column', gap: space[1] });
export const totalLabel = style({ color: vars.color.textMuted, fontSize: fontSize.sm });
export const totalValue = style({ margin: 0, fontSize: fontSize.lg, fontWeight: 600 });
export const ceilingForm = style({
  display: 'flex',
  flexDirection: 'column',
  gap: space[4],
  maxWidth: '40rem',
});
export const groupCeiling = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 1fr) auto',
  gap: space[2],
  alignItems: 'end',
  '@media': { 'screen and (max-width: 519px)': { gridTemplateColumns: '1fr' } },
});

export const muted = style({ margin: 0, color: vars.color.textMuted, fontSize: fontSize.sm });
export const nowrap = style({ whiteSpace: 'nowrap' });
export const panel = style({ display: 'flex', flexDirection: 'column', gap: space[4] });
export const details = style({
  margin: 0,
  paddingInlineStart: space[5],
  color: vars.color.textMuted,
  fontSize: fontSize.sm,
  overflowWrap: 'anywhere',
});

/** The day a paid invoice was paid, under its badge. */
export const statusNote = style({ display: 'block', fontSize: fontSize.sm, color: vars.color.textMuted });

export const downloads = style({ display: 'inline-flex', flexWrap: 'wrap', gap: space[1], maxWidth: '100%' });
// On a phone's card a credit note's button wraps its words rather than run past the screen.
globalStyle(`${downloads} > *`, { maxWidth: '100%', whiteSpace: 'normal', textAlign: 'start' });

export const bulkActions = style({ display: 'flex', flexWrap: 'wrap', gap: space[2] });
