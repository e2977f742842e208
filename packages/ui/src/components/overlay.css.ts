import { keyframes, style } from '@vanilla-extract/css';
import { fontSize, radius, space, vars } from '../theme/theme.css';

const fadeIn = keyframes({
  from: { opacity: 0, transform: 'translateY(-4px)' },
  to: { opacity: 1, transform: 'none' },
});

export const menuContent = style({
  minWidth: '220px',
  padding: space[1],
  background: vars.color.surfaceRaised,
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.card,
  boxShadow: vars.shadow.overlay,
  animation: `${fadeIn} 150ms ease-out`,
  zIndex: 50,
});

export const menuItem = style({
  display: 'flex',
  alignItems: 'center',
  gap: space[2],
  padding: `${space[2]} ${space[3]}`,
  borderRadius: radius.control,
  color: vars.color.text,
  fontSize: fontSize.sm,
  cursor: 'pointer',
  outline: 'none',
  textDecoration: 'none',
  selectors: { '&[data-highlighted]': { background: vars.color.surface } },
});

export const menuSeparator = style({ height: '1px', margin: `${space[1]} 0`, background: vars.color.border });
export const menuLabel = style({
  padding: `${space[2]} ${space[3]}`,
  fontSize: fontSize.xs,
  color: vars.color.textMuted,
});

export const dialogOverlay = style({
  position: 'fixed',
  inset: 0,
  background: 'rgba(7, 17, 28, 0.55)',
  zIndex: 60,
});

export const dialogContent = style({
  position: 'fixed',
  top: '50%',
  left: '50%',
  transform: 'translate(-50%, -50%)',
  width: 'min(480px, calc(100vw - 32px))',
  maxHeight: 'calc(100vh - 32px)',
  overflow: 'auto',
  padding: space[6],
  background: vars.color.surfaceRaised,
  borderRadius: radius.card,
  boxShadow: vars.shadow.overlay,
  zIndex: 61,
});

export const dialogWide = style({ width: 'min(720px, calc(100vw - 32px))' });

export const dialogTitle = style({ margin: `0 0 ${space[2]}`, fontSize: fontSize.lg });
export const dialogDescription = style({ margin: `0 0 ${space[6]}`, color: vars.color.textMuted });
export const dialogActions = style({
  display: 'flex',
  justifyContent: 'flex-end',
  gap: space[2],
  flexWrap: 'wrap',
});

export const drawerOverlay = dialogOverlay;

const slideIn = keyframes({ from: { transform: 'translateX(-100%)' }, to: { transform: 'none' } });

/** The height of the bar the close button sits in; a page header holding the trigger is as tall. */
export const drawerBarHeight = '3.5rem';

export const drawerContent = style({
  position: 'fixed',
  inset: '0 auto 0 0',
  width: 'min(300px, 85vw)',
  overflowY: 'auto',
  // A link reached by Tab scrolls clear of the close button's bar, which stays put.
  scrollPaddingTop: drawerBarHeight,
  background: vars.color.surface,
  boxShadow: vars.shadow.overlay,
  zIndex: 61,
  animation: `${slideIn} 200ms ease-out`,
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
});

/** Stays at the top while a long menu scrolls, so Close is where Menu was. */
export const drawerBar = style({
  position: 'sticky',
  top: 0,
  zIndex: 1,
  display: 'flex',
  alignItems: 'center',
  height: drawerBarHeight,
  padding: `0 ${space[3]}`,
  background: vars.color.surface,
});
