import { fontSize, radius, space, vars } from '@tidewatch/ui';
import { style } from '@vanilla-extract/css';

export const summary = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${space[2]} ${space[6]}`,
  margin: 0,
  color: vars.color.textMuted,
});
export const summaryItem = style({ display: 'inline-flex', alignItems: 'center', gap: space[2] });
export const section = style({ display: 'flex', flexDirection: 'column', gap: space[3] });
export const sectionTitle = style({ margin: 0, fontSize: fontSize.lg });
export const mono = style({ fontFamily: vars.font.mono, overflowWrap: 'anywhere' });
/** A certname in a table cell: one line, the table scrolls instead. */
export const certname = style({ fontFamily: vars.font.mono, whiteSpace: 'nowrap' });
export const muted = style({ color: vars.color.textMuted, margin: 0 });
export const contacts = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 280px), 1fr))',
  gap: space[3],
  margin: 0,
  padding: 0,
  listStyle: 'none',
});
export const contact = style({
  display: 'flex',
  flexDirection: 'column',
  gap: space[1],
  padding: space[4],
  background: vars.color.surfaceRaised,
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.card,
});
export const contactName = style({ margin: 0, fontSize: fontSize.md, fontWeight: 650 });
export const contactLine = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: space[2],
  fontSize: fontSize.sm,
  overflowWrap: 'anywhere',
});
export const kinds = style({ display: 'flex', flexWrap: 'wrap', gap: space[1], marginTop: space[1] });
export const teamList = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 260px), 1fr))',
  gap: space[3],
  margin: 0,
  padding: 0,
  listStyle: 'none',
});
export const teamLink = style({
  display: 'flex',
  flexDirection: 'column',
  gap: space[1],
  padding: space[4],
  color: vars.color.text,
  textDecoration: 'none',
  background: vars.color.surfaceRaised,
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.card,
  selectors: {
    '&:hover': { borderColor: vars.color.brand },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});
export const teamName = style({ fontWeight: 650, color: vars.color.brand });
