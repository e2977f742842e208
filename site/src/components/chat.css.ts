import { fontSize, radius, space, vars } from '@tidewatch/ui/theme';
import { style } from '@vanilla-extract/css';

/** The bubble's corner: bottom right, above the page's own content. */
export const corner = style({
  position: 'fixed',
  right: space[4],
  bottom: space[4],
  zIndex: 30,
  display: 'flex',
  alignItems: 'flex-end',
  gap: space[2],
  selectors: { '&[hidden]': { display: 'none' } },
});

export const bubble = style({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '56px',
  height: '56px',
  border: 'none',
  borderRadius: radius.pill,
  background: vars.color.brand,
  color: vars.color.onBrand,
  boxShadow: vars.shadow.overlay,
  cursor: 'pointer',
  ':hover': { background: vars.color.brandHover },
  ':focus-visible': { outline: `3px solid ${vars.color.text}`, outlineOffset: '3px' },
});

/** The line beside the bubble: its text opens the chat, the cross closes it for the visit. */
export const nudge = style({
  display: 'flex',
  alignItems: 'flex-start',
  maxWidth: '240px',
  borderRadius: radius.card,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  boxShadow: vars.shadow.overlay,
  selectors: { '&[hidden]': { display: 'none' } },
});

const nudgeControl = style({
  border: 'none',
  background: 'none',
  color: 'inherit',
  font: 'inherit',
  cursor: 'pointer',
  ':focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '-3px' },
});

export const nudgeOpen = style([
  nudgeControl,
  {
    flex: 1,
    padding: `${space[2]} 0 ${space[2]} ${space[3]}`,
    borderRadius: radius.card,
    fontSize: fontSize.sm,
    textAlign: 'left',
  },
]);

// 32 px: a comfortable target for a finger beside a short line of text (WCAG 2.5.8 asks for 24).
export const nudgeDismiss = style([
  nudgeControl,
  {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    flex: 'none',
    width: '32px',
    height: '32px',
    margin: '2px',
    borderRadius: radius.control,
    color: vars.color.textMuted,
    ':hover': { color: vars.color.text, background: vars.color.surface },
  },
]);

export const unread = style({
  position: 'absolute',
  top: '-4px',
  right: '-4px',
  minWidth: '22px',
  padding: `0 ${space[1]}`,
  borderRadius: radius.pill,
  background: vars.color.danger,
  color: vars.color.onDanger,
  fontSize: fontSize.xs,
  fontWeight: 700,
  lineHeight: '22px',
  textAlign: 'center',
  selectors: { '&[hidden]': { display: 'none' } },
});
