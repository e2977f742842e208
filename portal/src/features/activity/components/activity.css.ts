import { fontSize, space, vars } from '@tidewatch/ui';
import { style } from '@vanilla-extract/css';

export const stack = style({ display: 'flex', flexDirection: 'column', gap: space[4] });
export const intro = style({ margin: 0, color: vars.color.textMuted, maxWidth: '70ch' });
export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  justifyContent: 'space-between',
  gap: space[3],
});
/** The export links, and what an export holds under them. */
export const exportArea = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: space[1],
});
export const exportLinks = style({ display: 'flex', flexWrap: 'wrap', gap: space[2] });
export const filters = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(160px, 1fr))',
  gap: space[3],
  alignItems: 'end',
});
export const who = style({ display: 'flex', flexDirection: 'column', gap: space[1] });
export const muted = style({ color: vars.color.textMuted, fontSize: fontSize.sm });
/** A time on one line: the table scrolls sideways on a phone instead. */
export const when = style({ whiteSpace: 'nowrap' });
