import { fontSize, radius, space, vars } from '@tidewatch/ui';
import { globalStyle, style } from '@vanilla-extract/css';

export const trigger = style({ gap: space[2] });
export const triggerText = style({ '@media': { 'screen and (max-width: 640px)': { display: 'none' } } });
export const kbd = style({
  fontFamily: vars.font.mono,
  fontSize: fontSize.xs,
  color: vars.color.textMuted,
  '@media': { 'screen and (max-width: 640px)': { display: 'none' } },
});

export const input = style({
  width: '100%',
  minHeight: '44px',
  padding: `0 ${space[3]}`,
  font: 'inherit',
  color: vars.color.text,
  background: vars.color.surfaceRaised,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: radius.control,
});

export const results = style({
  listStyle: 'none',
  margin: `${space[3]} 0 0`,
  padding: 0,
  maxHeight: 'min(60vh, 420px)',
  overflowY: 'auto',
});
export const group = style({
  padding: `${space[2]} ${space[2]} ${space[1]}`,
  fontSize: fontSize.xs,
  fontWeight: 600,
  textTransform: 'uppercase',
  color: vars.color.textMuted,
});
export const option = style({
  display: 'flex',
  alignItems: 'center',
  gap: space[2],
  minHeight: '40px',
  padding: `${space[1]} ${space[2]}`,
  borderRadius: radius.control,
  cursor: 'pointer',
  selectors: {
    '&[aria-selected="true"]': {
      background: vars.color.surface,
      boxShadow: `inset 3px 0 0 ${vars.color.brand}`,
    },
  },
});
export const name = style({ overflowWrap: 'anywhere' });
export const detail = style({ marginLeft: 'auto', fontSize: fontSize.sm, color: vars.color.textMuted });
export const status = style({ margin: `${space[3]} 0 0`, color: vars.color.textMuted });
globalStyle(`${option} svg`, { flexShrink: 0 });
