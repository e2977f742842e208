import { style } from '@vanilla-extract/css';
import { fontSize, space, vars } from '../theme/theme.css';

export const pagination = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  flexWrap: 'wrap',
  gap: space[3],
});

export const summary = style({
  margin: 0,
  fontSize: fontSize.sm,
  color: vars.color.textMuted,
  fontVariantNumeric: 'tabular-nums',
});

export const buttons = style({ display: 'flex', gap: space[2] });
