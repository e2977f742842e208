import { space } from '@tidewatch/ui/theme';
import { style } from '@vanilla-extract/css';

export const panel = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 1fr)',
  gap: space[8],
  alignItems: 'start',
  '@media': { 'screen and (max-width: 900px)': { gridTemplateColumns: 'minmax(0, 1fr)' } },
});

export const features = style({
  display: 'grid',
  gap: space[3],
  margin: 0,
  paddingLeft: space[5],
  lineHeight: 1.5,
});
