import { style } from '@vanilla-extract/css';
import { fontSize, radius, space, vars } from '../theme/theme.css';

export const block = style({
  margin: 0,
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.card,
  background: vars.color.surface,
  overflow: 'hidden',
});

export const header = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: space[3],
  padding: `${space[2]} ${space[2]} ${space[2]} ${space[4]}`,
  borderBottom: `1px solid ${vars.color.border}`,
  fontSize: fontSize.sm,
  fontWeight: 600,
  color: vars.color.textMuted,
});

export const pre = style({
  margin: 0,
  padding: space[4],
  fontFamily: vars.font.mono,
  fontSize: fontSize.sm,
  lineHeight: 1.6,
  color: vars.color.text,
  // Commands are copied whole; on screen they wrap rather than hide behind a scrollbar.
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
});
