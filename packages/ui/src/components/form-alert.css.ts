import { style } from '@vanilla-extract/css';
import { fontSize, radius, space, vars } from '../theme/theme.css';

export const alert = style({
  margin: 0,
  padding: `${space[3]} ${space[4]}`,
  borderRadius: radius.control,
  background: vars.color.dangerBg,
  color: vars.color.danger,
  border: `1px solid ${vars.color.danger}`,
  fontSize: fontSize.sm,
});
export const title = style({ display: 'block', fontWeight: 700 });

/** A link to the main content, shown only when focused from the keyboard. */
export const skipLink = style({
  position: 'absolute',
  left: space[2],
  top: '-100px',
  zIndex: 100,
  padding: space[2],
  background: vars.color.surfaceRaised,
  selectors: { '&:focus': { top: space[2] } },
});
