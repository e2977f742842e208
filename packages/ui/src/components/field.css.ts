import { style } from '@vanilla-extract/css';
import { fontSize, radius, space, vars } from '../theme/theme.css';

export const field = style({ display: 'flex', flexDirection: 'column', gap: space[1] });
export const label = style({ fontSize: fontSize.sm, fontWeight: 600, color: vars.color.text });
export const required = style({ color: vars.color.danger, marginLeft: space[1] });
export const hint = style({ fontSize: fontSize.sm, color: vars.color.textMuted });
export const error = style({
  fontSize: fontSize.sm,
  color: vars.color.danger,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const control = style({
  display: 'flex',
  alignItems: 'center',
  gap: space[2],
  minHeight: '40px',
  padding: `0 ${space[3]}`,
  background: vars.color.surfaceRaised,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: radius.control,
  selectors: {
    '&:focus-within': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '1px' },
    '&[data-invalid="true"]': { borderColor: vars.color.danger, background: vars.color.dangerBg },
    '&[data-disabled="true"]': { opacity: 0.6 },
  },
});

export const prefix = style({ color: vars.color.textMuted, display: 'inline-flex', flexShrink: 0 });

export const input = style({
  flex: 1,
  minWidth: 0,
  border: 'none',
  outline: 'none',
  background: 'transparent',
  color: vars.color.text,
  font: 'inherit',
  padding: `${space[2]} 0`,
  selectors: {
    '&:disabled': { cursor: 'not-allowed' },
    // The control around it draws the focus ring; the global one would draw a second, inside it.
    '&:focus-visible': { outline: 'none' },
  },
});

export const select = style([input, { appearance: 'auto', cursor: 'pointer' }]);

export const textarea = style([input, { resize: 'vertical', minHeight: '96px', lineHeight: 1.5 }]);

/** A fieldset of form rows (a list a form grows and shrinks), without the browser's frame. */
export const fieldGroup = style({
  border: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: space[3],
  minWidth: 0,
});
export const fieldGroupLegend = style({ padding: 0, marginBottom: space[2], fontWeight: 650 });
