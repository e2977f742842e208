import { fontSize, radius, space, vars } from '@tidewatch/ui/theme';
import { globalStyle, style } from '@vanilla-extract/css';

/**
 * The five plans: one column on a phone, all five in a row on a wide screen, and in between three
 * above two (on a six-column grid) so that no plan is left alone on a row.
 */
export const plans = style({
  display: 'grid',
  gridTemplateColumns: '1fr',
  gap: space[4],
  margin: 0,
  padding: 0,
  listStyle: 'none',
  '@media': {
    'screen and (min-width: 640px)': { gridTemplateColumns: 'repeat(6, 1fr)' },
    'screen and (min-width: 1150px)': { gridTemplateColumns: 'repeat(5, 1fr)' },
  },
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

globalStyle(`${plans} > li`, {
  '@media': { 'screen and (min-width: 640px) and (max-width: 1149.98px)': { gridColumn: 'span 2' } },
});

globalStyle(`${plans} > li:nth-child(n + 4)`, {
  '@media': { 'screen and (min-width: 640px) and (max-width: 1149.98px)': { gridColumn: 'span 3' } },
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

/** The plan-comparison matrix: five equal plan columns, each feature a heading row above its values. */
export const comparison = style({
  width: '100%',
  tableLayout: 'fixed',
  borderCollapse: 'collapse',
  fontVariantNumeric: 'tabular-nums',
});

globalStyle(`${comparison} th, ${comparison} td`, {
  padding: `${space[2]} ${space[2]}`,
  textAlign: 'center',
  verticalAlign: 'top',
  overflowWrap: 'break-word',
  '@media': { 'screen and (max-width: 640px)': { padding: `${space[2]} 2px`, fontSize: fontSize.sm } },
});

globalStyle(`${comparison} thead th`, {
  padding: `${space[3]} 2px`,
  borderBottom: `1px solid ${vars.color.border}`,
  fontSize: fontSize.lg,
  '@media': { 'screen and (max-width: 640px)': { fontSize: fontSize.sm } },
});

globalStyle(`${comparison} tbody + tbody`, { borderTop: `1px solid ${vars.color.border}` });

export const comparisonFeature = style({
  background: vars.color.surface,
  color: vars.color.textMuted,
  fontWeight: 600,
  fontSize: fontSize.sm,
});

globalStyle(`${comparison} th${comparisonFeature}`, {
  textAlign: 'left',
  padding: `${space[2]} ${space[3]}`,
});

export const comparisonAbsent = style({ color: vars.color.textMuted });
