import { space } from '@tidewatch/ui';
import { style } from '@vanilla-extract/css';

export const ownerChoices = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: space[2],
  justifyContent: 'center',
});
