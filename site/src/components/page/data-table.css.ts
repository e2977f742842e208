import { fontSize, radius, space, vars } from '@tidewatch/ui/theme';
import { globalStyle, style } from '@vanilla-extract/css';

/** The table's card: border, corners and background. */
export const frame = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.card,
  background: vars.color.surfaceRaised,
  overflow: 'hidden',
});

/**
 * A frame that scrolls sideways on narrow screens instead of squeezing the columns. A shadow on
 * the side that has more columns says so: covers that scroll with the table hide the shadows at
 * the table's ends, so a table that fits shows none.
 */
export const scroller = style([
  frame,
  {
    overflowX: 'auto',
    background: [
      `linear-gradient(to right, ${vars.color.surfaceRaised} 40%, transparent) left center / 32px 100% no-repeat local`,
      `linear-gradient(to left, ${vars.color.surfaceRaised} 40%, transparent) right center / 32px 100% no-repeat local`,
      `radial-gradient(farthest-side at 0 50%, ${vars.color.borderStrong}, transparent) left center / 12px 100% no-repeat scroll`,
      `radial-gradient(farthest-side at 100% 50%, ${vars.color.borderStrong}, transparent) right center / 12px 100% no-repeat scroll`,
      vars.color.surfaceRaised,
    ].join(', '),
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

// A money column's heading wraps, so that on a phone the column is as wide as its amounts, not its words.
globalStyle(`${table} thead ${numeric}`, { whiteSpace: 'normal' });

/** A cell that should not wrap, such as "2–10 years". */
export const nowrap = style({ whiteSpace: 'nowrap' });

export const rowNote = style({
  display: 'block',
  marginTop: space[1],
  fontWeight: 400,
  fontSize: fontSize.sm,
  color: vars.color.textMuted,
});
