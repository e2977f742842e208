import { fontSize, radius, space, vars } from '@tidewatch/ui/theme';
import { style } from '@vanilla-extract/css';

export const panel = style({
  maxWidth: '440px',
  margin: '0 auto',
  padding: space[8],
  background: vars.color.surfaceRaised,
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.card,
  display: 'flex',
  flexDirection: 'column',
  gap: space[4],
  '@media': { 'screen and (max-width: 480px)': { padding: space[5] } },
});
export const heading = style({ margin: 0, fontSize: fontSize.xxl, letterSpacing: '-0.01em' });
export const intro = style({ margin: 0, color: vars.color.textMuted });
export const aside = style({
  margin: 0,
  fontSize: fontSize.sm,
  color: vars.color.textMuted,
  textAlign: 'center',
});
