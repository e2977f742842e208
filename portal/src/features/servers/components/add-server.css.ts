import { fontSize, space, vars } from '@tidewatch/ui';
import { style } from '@vanilla-extract/css';

export const form = style({ display: 'flex', flexDirection: 'column', gap: space[6], maxWidth: '880px' });
export const fields = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(240px, 1fr))',
  gap: space[4],
  alignItems: 'start',
});
export const certname = style({
  fontFamily: vars.font.mono,
  color: vars.color.text,
  overflowWrap: 'anywhere',
});

export const roles = style({
  border: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: space[3],
});
export const legend = style({ padding: 0, marginBottom: space[1], fontWeight: 650 });
export const roleGrid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))',
  gap: space[4],
});

export const muted = style({ margin: 0, color: vars.color.textMuted, fontSize: fontSize.sm });
export const text = style({ margin: 0 });
export const error = style({ margin: 0, color: vars.color.danger, fontSize: fontSize.sm });
export const steps = style({ display: 'flex', flexDirection: 'column', gap: space[4] });
export const inlineIcon = style({ verticalAlign: '-2px', marginInlineEnd: space[1] });
export const statusLine = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: space[3] });
export const nameField = style({ display: 'flex', flexDirection: 'column', gap: space[2] });
