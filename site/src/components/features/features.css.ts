import { fontSize, radius, space, vars } from '@tidewatch/ui/theme';
import { style } from '@vanilla-extract/css';

/** The app catalogue on the features page: filter form, result count, cards, Nothing Found. */

export const filters = style({
  display: 'grid',
  gap: space[5],
  padding: space[6],
  marginBottom: space[6],
  background: vars.color.surfaceRaised,
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.card,
  '@media': { 'screen and (max-width: 640px)': { padding: space[4] } },
});

export const search = style({ maxWidth: '520px' });

export const categories = style({ margin: 0, padding: 0, border: 'none', minWidth: 0 });

export const legend = style({ padding: 0, marginBottom: space[2], fontSize: fontSize.sm, fontWeight: 600 });

export const chips = style({ display: 'flex', flexWrap: 'wrap', gap: space[2] });

export const chipSlot = style({ position: 'relative', display: 'inline-flex' });

/** The real radio, invisible, lies over its label: clicks, keys and screen readers all reach it. */
export const chipInput = style({
  position: 'absolute',
  inset: 0,
  width: '100%',
  height: '100%',
  margin: 0,
  opacity: 0,
  cursor: 'pointer',
});

export const chip = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '36px',
  padding: `0 ${space[4]}`,
  borderRadius: radius.pill,
  border: `1px solid ${vars.color.borderStrong}`,
  background: vars.color.bg,
  color: vars.color.text,
  fontSize: fontSize.sm,
  fontWeight: 500,
  cursor: 'pointer',
  selectors: {
    [`${chipInput}:hover + &`]: { background: vars.color.surface },
    [`${chipInput}:checked + &`]: {
      background: vars.color.brand,
      borderColor: vars.color.brand,
      color: vars.color.onBrand,
      fontWeight: 650,
    },
    [`${chipInput}:focus-visible + &`]: { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});

export const actions = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: space[3] });

export const count = style({ margin: `0 0 ${space[4]}`, color: vars.color.textMuted, fontWeight: 500 });

export const grid = style({
  display: 'grid',
  gap: space[4],
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 260px), 1fr))',
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const card = style({
  display: 'flex',
  flexDirection: 'column',
  gap: space[2],
  height: '100%',
  padding: space[5],
  background: vars.color.surfaceRaised,
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.card,
});

export const cardTitle = style({
  display: 'flex',
  alignItems: 'center',
  gap: space[3],
  margin: 0,
  fontSize: fontSize.lg,
  lineHeight: 1.3,
});

export const logo = style({ flexShrink: 0, color: vars.color.brand });

export const category = style({
  alignSelf: 'flex-start',
  padding: `${space[1]} ${space[2]}`,
  borderRadius: radius.pill,
  background: vars.color.brandSubtle,
  color: vars.color.brand,
  fontSize: fontSize.xs,
  fontWeight: 650,
});

export const description = style({
  margin: 0,
  color: vars.color.textMuted,
  lineHeight: 1.55,
  fontSize: fontSize.sm,
});

export const nothingFound = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: space[3],
  padding: `${space[12]} ${space[6]}`,
  textAlign: 'center',
  color: vars.color.textMuted,
  background: vars.color.surfaceRaised,
  border: `1px dashed ${vars.color.borderStrong}`,
  borderRadius: radius.card,
});

export const nothingFoundTitle = style({ margin: 0, fontSize: fontSize.xl, color: vars.color.text });

export const nothingFoundText = style({ margin: 0, maxWidth: '520px', lineHeight: 1.6 });
