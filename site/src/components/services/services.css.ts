import { fontSize, radius, space, vars } from '@tidewatch/ui/theme';
import { style } from '@vanilla-extract/css';

/** Five plans side by side on a wide screen, stacked on a phone. */
export const plans = style({
  display: 'grid',
  gap: space[4],
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 200px), 1fr))',
  margin: `0 0 ${space[10]}`,
  padding: 0,
  listStyle: 'none',
});

export const plan = style({
  display: 'flex',
  flexDirection: 'column',
  gap: space[2],
  padding: space[5],
  background: vars.color.surfaceRaised,
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.card,
});

export const price = style({
  margin: 0,
  fontSize: fontSize.xxl,
  fontWeight: 750,
  fontVariantNumeric: 'tabular-nums',
});

export const unit = style({ margin: 0, color: vars.color.textMuted, fontSize: fontSize.sm });

export const terms = style({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  gap: `${space[1]} ${space[3]}`,
  margin: `${space[2]} 0 0`,
  paddingTop: space[3],
  borderTop: `1px solid ${vars.color.border}`,
  fontSize: fontSize.sm,
});

export const termLabel = style({ color: vars.color.textMuted });

export const termValue = style({ margin: 0, fontWeight: 600 });

export const level = style({ fontSize: fontSize.sm, fontWeight: 650, color: vars.color.brand, margin: 0 });

export const rate = style({ margin: 0, marginTop: 'auto', paddingTop: space[2], fontWeight: 650 });

export const split = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)',
  gap: space[10],
  alignItems: 'start',
  '@media': { 'screen and (max-width: 900px)': { gridTemplateColumns: 'minmax(0, 1fr)', gap: space[6] } },
});

export const body = style({
  margin: `${space[4]} 0 0`,
  fontSize: fontSize.lg,
  lineHeight: 1.6,
  color: vars.color.textMuted,
});

/** Laid out by the shared two-column grid; this only frames it. */
export const checklist = style({
  padding: space[6],
  background: vars.color.surfaceRaised,
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.card,
});

export const check = style({ display: 'flex', alignItems: 'flex-start', gap: space[3], lineHeight: 1.5 });

export const checkIcon = style({ flexShrink: 0, marginTop: '2px', color: vars.color.success });
