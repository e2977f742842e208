import { fontSize } from '@tidewatch/ui';
import { style } from '@vanilla-extract/css';

export const pageTitle = style({
  margin: 0,
  fontSize: fontSize.xxl,
  fontWeight: 700,
  letterSpacing: '-0.01em',
});
