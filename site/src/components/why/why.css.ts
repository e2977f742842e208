import { fontSize, radius, space, vars } from '@tidewatch/ui/theme';
import { style } from '@vanilla-extract/css';

/** A reason: its text beside the one figure that sums it up. */
export const reason = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1.6fr) minmax(0, 1fr)',
  gap: space[10],
  alignItems: 'start',
  '@media': { 'screen and (max-width: 900px)': { gridTemplateColumns: 'minmax(0, 1fr)', gap: space[6] } },
});

export const body = style({ display: 'flex', flexDirection: 'column', gap: space[4], maxWidth: '680px' });

export const paragraph = style({ margin: 0, fontSize: fontSize.lg, lineHeight: 1.6 });

export const stat = style({
  display: 'flex',
  flexDirection: 'column',
  gap: space[2],
  margin: 0,
  padding: space[6],
  borderRadius: radius.card,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceRaised,
});

export const statValue = style({
  color: vars.color.brand,
  fontSize: 'clamp(36px, 5vw, 48px)',
  fontWeight: 750,
  lineHeight: 1.1,
  letterSpacing: '-0.02em',
  fontVariantNumeric: 'tabular-nums',
});

export const statIcon = style({ color: vars.color.brand });

export const statLabel = style({ color: vars.color.textMuted, lineHeight: 1.5 });

export const note = style({
  margin: `${space[6]} 0 0`,
  color: vars.color.textMuted,
  fontSize: fontSize.sm,
  maxWidth: '720px',
});
