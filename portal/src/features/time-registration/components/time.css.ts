import { fontSize, radius, space, vars } from '@tidewatch/ui';
import { style } from '@vanilla-extract/css';

export const stack = style({ display: 'flex', flexDirection: 'column', gap: space[6], minWidth: 0 });
export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  justifyContent: 'space-between',
  gap: space[3],
});
export const monthPicker = style({ minWidth: '12rem', maxWidth: '20rem' });
export const form = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 14rem), 1fr))',
  gap: space[4],
  alignItems: 'start',
  maxWidth: '60rem',
});
export const wide = style({ gridColumn: '1 / -1' });
export const formActions = style({
  gridColumn: '1 / -1',
  display: 'flex',
  justifyContent: 'flex-end',
  gap: space[2],
  flexWrap: 'wrap',
});
export const formError = style({ color: vars.color.danger, margin: 0, gridColumn: '1 / -1' });
export const muted = style({ color: vars.color.textMuted, margin: 0, fontSize: fontSize.sm });
export const sectionTitle = style({ margin: `0 0 ${space[3]}`, fontSize: fontSize.md });
export const totals = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 18rem), 1fr))',
  gap: space[6],
});
export const figures = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: space[6],
  margin: 0,
});
export const figure = style({ display: 'flex', flexDirection: 'column', gap: space[1] });
export const figureLabel = style({ color: vars.color.textMuted, fontSize: fontSize.sm });
export const figureValue = style({ fontSize: fontSize.lg, fontWeight: 600, margin: 0 });
export const comment = style({
  margin: 0,
  padding: space[3],
  borderRadius: radius.control,
  border: `1px solid ${vars.color.border}`,
});
export const description = style({ overflowWrap: 'anywhere', minWidth: '12rem' });
export const gridScroll = style({ overflowX: 'auto', maxWidth: '100%' });
export const gridTable = style({ borderCollapse: 'collapse', fontSize: fontSize.sm });
export const gridCell = style({
  padding: space[1],
  borderBottom: `1px solid ${vars.color.border}`,
  textAlign: 'left',
});
export const gridInput = style({
  width: '5rem',
  padding: space[1],
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.control,
  font: 'inherit',
  background: vars.color.surface,
  color: vars.color.text,
});
