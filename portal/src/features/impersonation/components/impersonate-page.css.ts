import { fontSize, radius, space, vars } from '@tidewatch/ui';
import { style } from '@vanilla-extract/css';

export const layout = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(300px, 1fr))',
  gap: space[6],
  alignItems: 'start',
});

export const picker = style({
  border: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: space[3],
});
export const legend = style({ fontWeight: 650, fontSize: fontSize.md, padding: 0, marginBottom: space[2] });

export const options = style({
  listStyle: 'none',
  margin: 0,
  padding: space[1],
  maxHeight: '340px',
  overflowY: 'auto',
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.control,
});

export const option = style({
  display: 'flex',
  alignItems: 'center',
  gap: space[3],
  padding: `${space[2]} ${space[3]}`,
  borderRadius: radius.control,
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.color.surface },
    '&:has(input:checked)': { background: vars.color.brandSubtle },
  },
});

export const optionText = style({ display: 'flex', flexDirection: 'column', minWidth: 0 });
export const optionMeta = style({
  fontSize: fontSize.sm,
  color: vars.color.textMuted,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
});
export const form = style({ display: 'flex', flexDirection: 'column', gap: space[4] });
export const muted = style({ color: vars.color.textMuted, margin: 0 });
export const formError = style({ color: vars.color.danger, margin: 0 });
