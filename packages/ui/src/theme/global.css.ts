import { globalStyle } from '@vanilla-extract/css';
import { fontSize, vars } from './theme.css';

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });
globalStyle('html', { colorScheme: 'light dark' });
globalStyle('body', {
  margin: 0,
  fontFamily: vars.font.body,
  fontSize: fontSize.md,
  lineHeight: 1.5,
  color: vars.color.text,
  background: vars.color.bg,
  WebkitFontSmoothing: 'antialiased',
});
globalStyle('code, kbd, pre, samp', { fontFamily: vars.font.mono, fontSize: '0.92em' });
globalStyle('table', { fontVariantNumeric: 'tabular-nums' });
globalStyle('a', { color: vars.color.brand });
globalStyle(':focus-visible', { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' });
globalStyle('*, *::before, *::after', {
  '@media': {
    '(prefers-reduced-motion: reduce)': {
      animationDuration: '0.01ms !important',
      transitionDuration: '0.01ms !important',
    },
  },
});
// A component's own display must not undo the hidden attribute.
globalStyle('[hidden]', { display: 'none !important' });
