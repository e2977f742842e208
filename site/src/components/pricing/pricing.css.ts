import { fontSize, radius, space, vars } from '@tidewatch/ui/theme';
import { globalStyle, style } from '@vanilla-extract/css';

export const plans = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 210px), 1fr))',
  gap: space[4],
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const plan = style({
  display: 'flex',
  flexDirection: 'column',
  gap: space[4],
  padding: space[4],
  background: vars.color.surfaceRaised,
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.card,
});

export const popular = style({ borderColor: vars.color.brand, boxShadow: `0 0 0 1px ${vars.color.brand}` });

export const planHead = style({ display: 'flex', flexDirection: 'column', gap: space[2] });

export const badges = style({ display: 'flex', flexWrap: 'wrap', gap: space[2], minHeight: '24px' });

export const badge = style({
  padding: `2px ${space[2]}`,
  borderRadius: radius.pill,
  background: vars.color.brandSubtle,
  color: vars.color.brand,
  fontSize: fontSize.xs,
  fontWeight: 700,
});

export const price = style({ margin: 0, display: 'flex', flexDirection: 'column' });

export const amount = style({
  fontSize: fontSize.xxl,
  fontWeight: 750,
  lineHeight: 1.1,
  fontVariantNumeric: 'tabular-nums',
});

export const perUnit = style({ color: vars.color.textMuted, fontSize: fontSize.sm });

export const facts = style({ display: 'flex', flexDirection: 'column', gap: space[3], margin: 0, flex: 1 });

export const factTerm = style({
  fontSize: fontSize.xs,
  fontWeight: 700,
  letterSpacing: '0.04em',
  textTransform: 'uppercase',
  color: vars.color.textMuted,
});

export const factValue = style({ margin: `${space[1]} 0 0`, lineHeight: 1.5 });

export const response = style({ margin: `${space[1]} 0 0`, fontWeight: 700, fontSize: fontSize.lg });

export const list = style({
  display: 'flex',
  flexDirection: 'column',
  gap: space[2],
  margin: 0,
  padding: 0,
  listStyle: 'none',
  fontSize: fontSize.sm,
  lineHeight: 1.45,
});

export const listItem = style({ display: 'flex', gap: space[2], alignItems: 'flex-start' });

export const check = style({ color: vars.color.success, flexShrink: 0, marginTop: '2px' });

export const discounts = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 2.2fr)',
  gap: space[6],
  alignItems: 'start',
  '@media': { 'screen and (max-width: 900px)': { gridTemplateColumns: 'minmax(0, 1fr)' } },
});

export const excluded = style({
  display: 'flex',
  gap: space[3],
  alignItems: 'flex-start',
  margin: `${space[4]} 0 0`,
  padding: space[4],
  borderRadius: radius.control,
  background: vars.color.warningBg,
  color: vars.color.text,
  border: `1px solid ${vars.color.warning}`,
  lineHeight: 1.5,
});

export const excludedIcon = style({ color: vars.color.warning, flexShrink: 0, marginTop: '2px' });

export const billing = style({
  display: 'grid',
  gap: space[2],
  margin: `${space[8]} 0 0`,
  paddingLeft: space[5],
  color: vars.color.textMuted,
  lineHeight: 1.6,
  maxWidth: '760px',
});
export const planName = style({ margin: 0, fontSize: fontSize.xl });

/** The plan's button spans the card, so a long plan name still fits on one line. */
export const choose = style({ display: 'flex' });

globalStyle(`${choose} > a`, { flex: 1, padding: `0 ${space[3]}` });
