import { fontSize, space, vars } from '@tidewatch/ui';
import { style } from '@vanilla-extract/css';

export const stack = style({ display: 'flex', flexDirection: 'column', gap: space[5], minWidth: 0 });
export const section = style({ display: 'flex', flexDirection: 'column', gap: space[4], minWidth: 0 });
export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  justifyContent: 'space-between',
  gap: space[3],
});
export const monthPicker = style({ minWidth: 'min(100%, 12rem)', maxWidth: '20rem' });
export const downloads = style({ display: 'flex', flexWrap: 'wrap', gap: space[2] });
/** Consultation beside spend where there is room for both. */
export const pair = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 24rem), 1fr))',
  gap: space[5],
});
export const figures = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 9rem), 1fr))',
  gap: space[4],
  margin: 0,
});
export const figure = style({ display: 'flex', flexDirection: 'column', gap: space[1] });
export const figureLabel = style({ color: vars.color.textMuted, fontSize: fontSize.sm });
export const figureValue = style({
  margin: 0,
  fontSize: fontSize.lg,
  fontWeight: 600,
  fontVariantNumeric: 'tabular-nums',
});
export const subheading = style({ margin: 0, fontSize: fontSize.md });
export const muted = style({ margin: 0, color: vars.color.textMuted, fontSize: fontSize.sm });
