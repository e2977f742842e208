import { fontSize, radius, space, vars } from '@tidewatch/ui/theme';
import { globalStyle, style } from '@vanilla-extract/css';

/** The table's card: border, corners and background. */
export const frame = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.card,
  background: vars.color.surfaceRaised,
  overflow: 'hidden',
});

/** A frame that scrolls sideways on narrow screens instead of squeezing the columns. */
export const scroller = style([
  frame,
  {
    overflowX: 'auto',
    selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' } },
  },
]);

export const table = style({ width: '100%', borderCollapse: 'collapse', fontVariantNumeric: 'tabular-nums' });

export const caption = style({
  padding: `${space[4]} ${space[4]} ${space[2]}`,
  textAlign: 'left',
  fontWeight: 650,
  captionSide: 'top',
});

globalStyle(`${table} th, ${table} td`, {
  padding: `${space[3]} ${space[4]}`,
  borderBottom: `1px solid ${vars.color.border}`,
  textAlign: 'left',
  verticalAlign: 'top',
  '@media': {
    'screen and (max-width: 640px)': { padding: `${space[3]} ${space[2]}`, fontSize: fontSize.sm },
  },
});

globalStyle(`${table} tbody tr:last-child > *`, { borderBottom: 'none' });

globalStyle(`${table} thead th`, { fontSize: fontSize.sm, color: vars.color.textMuted, fontWeight: 600 });

export const numeric = style({});

globalStyle(`${table} ${numeric}`, { textAlign: 'right', whiteSpace: 'nowrap' });

/** A cell that should not wrap, such as "2–10 years". */
export const nowrap = style({ whiteSpace: 'nowrap' });

export const rowNote = style({
  display: 'block',
  marginTop: space[1],
  fontWeight: 400,
  fontSize: fontSize.sm,
  color: vars.color.textMuted,
});
