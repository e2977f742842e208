import { space, vars } from '@tidewatch/ui/theme';
import { style } from '@vanilla-extract/css';

export const terms = style({
  display: 'grid',
  gap: space[2],
  margin: `${space[6]} 0 0`,
  paddingLeft: space[5],
  color: vars.color.textMuted,
  lineHeight: 1.6,
  maxWidth: '760px',
});

/** Where the reseller application form is mounted. */
export const applyForm = style({ maxWidth: '720px' });
