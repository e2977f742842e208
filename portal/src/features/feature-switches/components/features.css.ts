import { fontSize, radius, space, vars } from '@tidewatch/ui';
import { style } from '@vanilla-extract/css';

export const intro = style({ margin: 0, color: vars.color.textMuted, maxWidth: '70ch' });
export const list = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 420px), 1fr))',
  gap: space[4],
  alignItems: 'start',
});
export const body = style({ display: 'flex', flexDirection: 'column', gap: space[4] });
export const description = style({ margin: 0, color: vars.color.textMuted });
export const overrides = style({
  display: 'flex',
  flexDirection: 'column',
  gap: space[2],
  padding: space[3],
  background: vars.color.surface,
  borderRadius: radius.control,
});
export const overrideList = style({
  display: 'flex',
  flexDirection: 'column',
  gap: space[2],
  margin: 0,
  padding: 0,
  listStyle: 'none',
});
export const overridesTitle = style({ margin: 0, fontSize: fontSize.sm, fontWeight: 650 });
export const override = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  flexWrap: 'wrap',
  gap: space[2],
});
export const addRow = style({ display: 'flex', alignItems: 'flex-end', gap: space[2], flexWrap: 'wrap' });
export const addSelect = style({ flex: '1 1 180px' });
export const muted = style({ margin: 0, color: vars.color.textMuted, fontSize: fontSize.sm });
