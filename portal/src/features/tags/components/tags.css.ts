import { fontSize, radius, space, vars } from '@tidewatch/ui';
import { style } from '@vanilla-extract/css';

export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: space[3],
});
/** A search box no wider than a name needs. */
export const search = style({ maxWidth: '360px' });
export const intro = style({ margin: 0, color: vars.color.textMuted, maxWidth: '70ch' });
export const form = style({ display: 'flex', flexDirection: 'column', gap: space[4] });
export const formActions = style({
  display: 'flex',
  justifyContent: 'flex-end',
  gap: space[2],
  flexWrap: 'wrap',
});
export const formError = style({ color: vars.color.danger, margin: 0 });
export const muted = style({ color: vars.color.textMuted, margin: 0, fontSize: fontSize.sm });
export const mono = style({ fontFamily: vars.font.mono, fontSize: fontSize.sm, overflowWrap: 'anywhere' });

export const memberSections = style({ display: 'flex', flexDirection: 'column', gap: space[6] });
export const sectionTitle = style({ margin: `0 0 ${space[2]}`, fontSize: fontSize.md });
export const memberList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.control,
  maxHeight: '260px',
  overflowY: 'auto',
});
export const memberRow = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: space[3],
  padding: `${space[2]} ${space[3]}`,
  selectors: { '&:not(:last-child)': { borderBottom: `1px solid ${vars.color.border}` } },
});
export const memberName = style({ display: 'flex', alignItems: 'center', gap: space[2], minWidth: 0 });
