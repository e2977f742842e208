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
/** Search and sort above the team cards; they stack on a phone. */
export const listTools = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 220px), 320px))',
  gap: space[3],
  marginBottom: space[4],
});
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

/** The contacts heading with the manager's "Add contact" beside it. */
export const sectionHeader = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: space[3],
});
export const contactActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: space[1],
  marginTop: 'auto',
  paddingTop: space[2],
  // The ghost buttons' icons line up with the card's text.
  marginLeft: `calc(-1 * ${space[3]})`,
});
export const form = style({ display: 'flex', flexDirection: 'column', gap: space[4] });
export const fieldset = style({
  border: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: space[2],
  minWidth: 0,
});
/** Reads like a field's label (the UI kit's). */
export const legend = style({ padding: 0, marginBottom: space[1], fontSize: fontSize.sm, fontWeight: 600 });
export const required = style({ color: vars.color.danger, marginLeft: space[1] });
export const choices = style({ display: 'flex', flexWrap: 'wrap', gap: `${space[2]} ${space[4]}` });
export const fieldError = style({ color: vars.color.danger, fontSize: fontSize.sm, margin: 0 });
export const formActions = style({
  display: 'flex',
  justifyContent: 'flex-end',
  gap: space[2],
  flexWrap: 'wrap',
});
