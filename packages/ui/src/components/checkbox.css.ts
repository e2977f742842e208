import { style } from '@vanilla-extract/css';
import { fontSize, space, vars } from '../theme/theme.css';

export const checkbox = style({
  display: 'inline-flex',
  alignItems: 'flex-start',
  gap: space[2],
  cursor: 'pointer',
  fontSize: fontSize.sm,
  color: vars.color.text,
  lineHeight: 1.4,
  selectors: { '&:has(input:disabled)': { cursor: 'not-allowed', opacity: 0.6 } },
});

export const input = style({
  width: '20px',
  height: '20px',
  margin: 0,
  flexShrink: 0,
  accentColor: vars.color.brand,
  cursor: 'inherit',
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' } },
});

export const text = style({ display: 'flex', flexDirection: 'column', gap: '2px' });
export const description = style({ color: vars.color.textMuted, fontSize: fontSize.sm });
