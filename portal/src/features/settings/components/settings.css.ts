import { fontSize, radius, space, vars } from '@tidewatch/ui';
import { style } from '@vanilla-extract/css';

export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(340px, 1fr))',
  gap: space[6],
  alignItems: 'start',
});
export const form = style({ display: 'flex', flexDirection: 'column', gap: space[4], alignItems: 'stretch' });
export const row = style({ display: 'flex', gap: space[2], flexWrap: 'wrap', alignItems: 'center' });
export const muted = style({ color: vars.color.textMuted, margin: 0, fontSize: fontSize.sm });
export const formError = style({ color: vars.color.danger, margin: 0 });
export const success = style({ color: vars.color.success, margin: 0 });

export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: fontSize.sm });
export const cell = style({
  textAlign: 'left',
  padding: `${space[2]} ${space[2]}`,
  borderBottom: `1px solid ${vars.color.border}`,
  verticalAlign: 'top',
});
export const headCell = style([cell, { color: vars.color.textMuted, fontWeight: 600 }]);

export const qr = style({
  width: '180px',
  height: '180px',
  background: '#ffffff',
  padding: space[2],
  borderRadius: radius.control,
});
export const secret = style({
  fontFamily: vars.font.mono,
  wordBreak: 'break-all',
  background: vars.color.surface,
  padding: space[2],
  borderRadius: radius.control,
});
export const codes = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: space[2],
  margin: 0,
  padding: space[3],
  listStyle: 'none',
  fontFamily: vars.font.mono,
  background: vars.color.surface,
  borderRadius: radius.control,
});
