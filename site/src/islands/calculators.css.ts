import { fontSize, radius, space, vars } from '@tidewatch/ui/theme';
import { style } from '@vanilla-extract/css';

/** The pricing and why-us calculators: an input card beside (or above, on phones) its results. */
export const layout = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1.2fr)',
  gap: space[6],
  alignItems: 'start',
  '@media': { 'screen and (max-width: 900px)': { gridTemplateColumns: 'minmax(0, 1fr)' } },
});

export const card = style({
  display: 'flex',
  flexDirection: 'column',
  gap: space[5],
  padding: space[6],
  background: vars.color.surfaceRaised,
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.card,
  '@media': { 'screen and (max-width: 640px)': { padding: space[4] } },
});

/** A card split into inputs and results side by side (stacked on narrow screens). */
export const split = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 0.8fr) minmax(0, 1.2fr)',
  gap: space[8],
  alignItems: 'start',
  '@media': { 'screen and (max-width: 640px)': { gridTemplateColumns: 'minmax(0, 1fr)', gap: space[6] } },
});

export const results = style({ display: 'flex', flexDirection: 'column', gap: space[4] });

/** A card across both columns. */
export const wide = style({ gridColumn: '1 / -1' });

export const fields = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 200px), 1fr))',
  gap: space[4],
  // Inputs line up when one label wraps onto two lines.
  alignItems: 'end',
});

export const buttons = style({ display: 'flex', flexWrap: 'wrap', gap: space[3] });

export const pending = style({ margin: 0, fontSize: fontSize.sm, color: vars.color.textMuted });

export const cardTitle = style({ margin: 0, fontSize: fontSize.lg, lineHeight: 1.3 });

export const summary = style({ margin: 0, color: vars.color.textMuted, lineHeight: 1.5 });

export const big = style({
  display: 'block',
  color: vars.color.text,
  fontSize: 'clamp(24px, 4vw, 32px)',
  fontWeight: 750,
  lineHeight: 1.2,
  fontVariantNumeric: 'tabular-nums',
});

export const figures = style({ display: 'grid', gap: space[3], margin: 0 });

export const figureRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  gap: `${space[1]} ${space[4]}`,
  paddingBottom: space[3],
  borderBottom: `1px solid ${vars.color.border}`,
  selectors: { '&:last-child': { borderBottom: 'none', paddingBottom: 0 } },
});

export const term = style({ color: vars.color.textMuted });

export const value = style({ margin: 0, fontWeight: 650, fontVariantNumeric: 'tabular-nums' });

export const stats = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 220px), 1fr))',
  gap: space[4],
  margin: 0,
});

export const stat = style({
  display: 'flex',
  flexDirection: 'column-reverse',
  justifyContent: 'flex-end',
  gap: space[1],
  padding: space[4],
  borderRadius: radius.control,
  background: vars.color.surface,
});

export const statValue = style({
  margin: 0,
  fontSize: fontSize.lg,
  fontWeight: 750,
  color: vars.color.text,
  fontVariantNumeric: 'tabular-nums',
});

export const statLabel = style({ fontSize: fontSize.sm, color: vars.color.textMuted, lineHeight: 1.4 });

export const bars = style({ display: 'grid', gap: space[3], margin: 0, padding: 0, listStyle: 'none' });

export const barLabel = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: space[3],
  marginBottom: space[1],
  fontSize: fontSize.sm,
});

export const barTrack = style({
  height: '10px',
  borderRadius: radius.pill,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  overflow: 'hidden',
});

export const barFill = style({ height: '100%', background: vars.color.brand });

export const planList = style({ display: 'grid', gap: space[2], margin: 0, padding: 0, listStyle: 'none' });

export const planRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  gap: `${space[1]} ${space[3]}`,
  padding: `${space[3]} ${space[4]}`,
  borderRadius: radius.control,
  background: vars.color.surface,
});

export const planName = style({ fontWeight: 650 });

export const muted = style({ color: vars.color.textMuted, fontSize: fontSize.sm });
