import { keyframes, style } from '@vanilla-extract/css';
import { type RecipeVariants, recipe } from '@vanilla-extract/recipes';
import { fontSize, radius, space, vars } from '../theme/theme.css';

export const button = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: space[2],
    border: '1px solid transparent',
    borderRadius: radius.control,
    fontFamily: 'inherit',
    fontWeight: 600,
    lineHeight: 1.2,
    cursor: 'pointer',
    textDecoration: 'none',
    whiteSpace: 'nowrap',
    transition: 'background-color 150ms ease, border-color 150ms ease',
    selectors: { '&:disabled, &[aria-disabled="true"]': { cursor: 'not-allowed', opacity: 0.6 } },
  },
  variants: {
    variant: {
      primary: {
        background: vars.color.brand,
        color: vars.color.onBrand,
        selectors: { '&:hover:not(:disabled)': { background: vars.color.brandHover } },
      },
      secondary: {
        background: vars.color.surfaceRaised,
        color: vars.color.text,
        borderColor: vars.color.borderStrong,
        selectors: { '&:hover:not(:disabled)': { background: vars.color.surface } },
      },
      ghost: {
        background: 'transparent',
        color: vars.color.text,
        selectors: { '&:hover:not(:disabled)': { background: vars.color.surface } },
      },
      danger: {
        background: vars.color.danger,
        color: vars.color.onDanger,
        selectors: { '&:hover:not(:disabled)': { background: vars.color.dangerHover } },
      },
    },
    size: {
      sm: { fontSize: fontSize.sm, padding: `${space[1]} ${space[3]}`, minHeight: '32px' },
      md: { fontSize: fontSize.md, padding: `${space[2]} ${space[4]}`, minHeight: '40px' },
    },
  },
  defaultVariants: { variant: 'primary', size: 'md' },
});
export type ButtonVariants = RecipeVariants<typeof button>;

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

export const spinner = style({
  width: '1em',
  height: '1em',
  borderRadius: '50%',
  border: '2px solid currentColor',
  borderRightColor: 'transparent',
  animation: `${spin} 700ms linear infinite`,
  flexShrink: 0,
});
