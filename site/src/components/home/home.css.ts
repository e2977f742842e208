import { fontSize, radius, space, vars } from '@tidewatch/ui/theme';
import { style } from '@vanilla-extract/css';

export const standard = style({
  display: 'flex',
  flexDirection: 'column',
  gap: space[2],
  padding: space[6],
  borderRadius: radius.card,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceRaised,
});

export const standardName = style({
  margin: 0,
  fontSize: fontSize.xl,
  fontWeight: 750,
  color: vars.color.brand,
  letterSpacing: '0.02em',
});

export const missionText = style({ margin: `0 0 ${space[4]}`, fontSize: fontSize.lg, lineHeight: 1.6 });

export const chips = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: space[3],
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const chip = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: space[2],
  padding: `${space[2]} ${space[4]}`,
  borderRadius: radius.pill,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceRaised,
  fontWeight: 600,
});

export const chipLogo = style({ flexShrink: 0, color: vars.color.brand });

export const quote = style({
  display: 'flex',
  flexDirection: 'column',
  justifyContent: 'space-between',
  gap: space[4],
  margin: 0,
  padding: space[6],
  borderRadius: radius.card,
  background: vars.color.surfaceRaised,
  border: `1px solid ${vars.color.border}`,
});

export const quoteText = style({ margin: 0, fontSize: fontSize.md, lineHeight: 1.65 });

export const quoteBy = style({ fontSize: fontSize.sm, color: vars.color.textMuted });
