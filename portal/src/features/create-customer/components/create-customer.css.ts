import { fontSize, space, vars } from '@tidewatch/ui';
import { style } from '@vanilla-extract/css';

export const form = style({ display: 'flex', flexDirection: 'column', gap: space[6], maxWidth: '960px' });
/** Fields side by side where there is room, one column on a phone. */
export const fields = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 260px), 1fr))',
  gap: space[4],
  alignItems: 'start',
});
export const intro = style({ margin: 0, color: vars.color.textMuted, maxWidth: '70ch' });
export const formError = style({ color: vars.color.danger, margin: 0 });
export const actions = style({ display: 'flex', gap: space[2], flexWrap: 'wrap' });
export const summary = style({ display: 'flex', flexDirection: 'column', gap: space[3], maxWidth: '70ch' });
export const mono = style({ fontFamily: vars.font.mono, fontSize: fontSize.sm });
