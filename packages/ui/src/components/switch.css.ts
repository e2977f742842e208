import { style } from '@vanilla-extract/css';
import { fontSize, radius, space, vars } from '../theme/theme.css';

export const root = style({ display: 'inline-flex', alignItems: 'flex-start', gap: space[3] });

export const track = style({
  position: 'relative',
  flexShrink: 0,
  width: '40px',
  height: '24px',
  padding: 0,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: radius.pill,
  background: vars.color.surface,
  cursor: 'pointer',
  transition: 'background 150ms ease-out, border-color 150ms ease-out',
  selectors: {
    '&[aria-checked="true"]': { background: vars.color.brand, borderColor: vars.color.brand },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
    '&:disabled': { cursor: 'not-allowed', opacity: 0.6 },
  },
  '@media': { '(prefers-reduced-motion: reduce)': { transition: 'none' } },
});

export const thumb = style({
  position: 'absolute',
  top: '2px',
  left: '2px',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '18px',
  height: '18px',
  borderRadius: radius.pill,
  background: vars.color.borderStrong,
  color: vars.color.brand,
  transition: 'transform 150ms ease-out',
  selectors: {
    [`${track}[aria-checked="true"] &`]: { transform: 'translateX(16px)', background: vars.color.onBrand },
  },
  '@media': { '(prefers-reduced-motion: reduce)': { transition: 'none' } },
});

export const text = style({ display: 'flex', flexDirection: 'column', gap: '2px', paddingTop: '2px' });
export const label = style({
  fontSize: fontSize.sm,
  fontWeight: 600,
  color: vars.color.text,
  cursor: 'pointer',
});
export const description = style({ color: vars.color.textMuted, fontSize: fontSize.sm });
