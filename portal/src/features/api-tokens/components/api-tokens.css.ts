import { fontSize, radius, space, vars } from '@tidewatch/ui';
import { globalStyle, style, styleVariants } from '@vanilla-extract/css';

export const stack = style({ display: 'flex', flexDirection: 'column', gap: space[4] });
export const intro = style({ margin: 0, color: vars.color.textMuted, maxWidth: '70ch' });
export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  justifyContent: 'space-between',
  gap: space[3],
});
/** Why the create button is off, beside it. */
export const note = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: space[2],
  margin: 0,
  maxWidth: '60ch',
  color: vars.color.textMuted,
  fontSize: fontSize.sm,
});
export const noteIcon = style({ flexShrink: 0, marginTop: '0.15em' });
/** The create button with, when it is off, why: at the toolbar's end, or centred in the empty state. */
export const createControl = styleVariants({ toolbar: 'flex-end', empty: 'center' }, (alignItems) => ({
  display: 'flex',
  flexDirection: 'column',
  alignItems,
  gap: space[2],
}));

export const name = style({ overflowWrap: 'anywhere' });
export const scopes = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: space[1],
  margin: 0,
  padding: 0,
  listStyle: 'none',
});
/** A scope's name in a chip: as long as its words, wrapping like them on a phone. */
export const scopeChip = style({
  padding: `${space[1]} ${space[2]}`,
  borderRadius: radius.pill,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  fontSize: fontSize.xs,
  fontWeight: 600,
  color: vars.color.textMuted,
  whiteSpace: 'nowrap',
});
/** A date, and what is said about it under it. */
export const dated = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: space[1],
});
export const when = style({ whiteSpace: 'nowrap' });
export const muted = style({ color: vars.color.textMuted, fontSize: fontSize.sm, overflowWrap: 'anywhere' });
export const address = style([muted, { fontFamily: vars.font.mono, overflowWrap: 'anywhere' }]);

export const form = style({ display: 'flex', flexDirection: 'column', gap: space[4] });
export const fieldset = style({
  border: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: space[3],
  minWidth: 0,
});
/** Reads like a field's label (the UI kit's). */
export const legend = style({ padding: 0, marginBottom: space[1], fontSize: fontSize.sm, fontWeight: 600 });
export const groupLegend = style({
  padding: 0,
  marginBottom: space[2],
  fontSize: fontSize.xs,
  fontWeight: 650,
  letterSpacing: '0.02em',
  textTransform: 'uppercase',
  color: vars.color.textMuted,
});
export const required = style({ color: vars.color.danger, marginLeft: space[1] });
/** The scope groups side by side where they fit, one under another on a phone. */
export const groups = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 16rem), 1fr))',
  gap: `${space[4]} ${space[6]}`,
});
export const scopeCode = style({ display: 'block', fontFamily: vars.font.mono, fontSize: fontSize.xs });
export const fieldError = style({ color: vars.color.danger, fontSize: fontSize.sm, margin: 0 });
/** The lifetimes offered with one click, under the days field. */
export const presets = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: space[2],
  minWidth: 0,
  margin: 0,
  padding: 0,
  border: 'none',
});
/** The lifetime in the field: tinted and edged in the brand colour, beside its check mark. */
globalStyle(`${presets} > button[aria-pressed="true"]`, {
  background: vars.color.brandSubtle,
  borderColor: vars.color.brand,
  color: vars.color.text,
});
export const formActions = style({
  display: 'flex',
  justifyContent: 'flex-end',
  gap: space[2],
  flexWrap: 'wrap',
});
export const shown = style({ display: 'flex', flexDirection: 'column', gap: space[4], minWidth: 0 });
