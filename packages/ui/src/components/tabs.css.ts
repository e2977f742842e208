import { style } from '@vanilla-extract/css';
import { fontSize, radius, space, vars } from '../theme/theme.css';

export const tabList = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: space[1],
  borderBottom: `1px solid ${vars.color.borderStrong}`,
});

export const tab = style({
  minHeight: '44px',
  padding: `0 ${space[4]}`,
  border: '1px solid transparent',
  borderBottom: 'none',
  borderRadius: `${radius.control} ${radius.control} 0 0`,
  marginBottom: '-1px',
  background: 'transparent',
  color: vars.color.textMuted,
  font: 'inherit',
  fontSize: fontSize.md,
  fontWeight: 600,
  cursor: 'pointer',
  selectors: {
    '&:hover': { color: vars.color.text, background: vars.color.surface },
    '&[aria-selected="true"]': {
      color: vars.color.brand,
      background: vars.color.bg,
      borderColor: vars.color.borderStrong,
      boxShadow: `inset 0 3px 0 ${vars.color.brand}`,
    },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});

export const panel = style({
  paddingTop: space[6],
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '4px' } },
});
