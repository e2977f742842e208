import { style } from '@vanilla-extract/css';
import { space } from '../theme/theme.css';

/** Below this width a row's actions fold into one menu, so a row fits a phone's screen. */
const narrow = 'screen and (max-width: 899px)';

export const inline = style({
  display: 'flex',
  gap: space[1],
  justifyContent: 'flex-end',
  whiteSpace: 'nowrap',
  '@media': { [narrow]: { display: 'none' } },
});

export const folded = style({
  display: 'none',
  justifyContent: 'flex-end',
  '@media': { [narrow]: { display: 'flex' } },
});
