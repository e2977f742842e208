import { fontSize, radius, space, vars } from '@tidewatch/ui';
import { globalStyle, style } from '@vanilla-extract/css';

export const stack = style({ display: 'flex', flexDirection: 'column', gap: space[4] });
export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  justifyContent: 'space-between',
  gap: space[3],
});
export const filters = style({ display: 'flex', flexWrap: 'wrap', gap: space[3], alignItems: 'flex-end' });
export const filter = style({ minWidth: '180px', flex: '1 1 180px', maxWidth: '260px' });
export const intro = style({ margin: 0, color: vars.color.textMuted, maxWidth: '70ch' });
export const muted = style({ color: vars.color.textMuted, margin: 0, fontSize: fontSize.sm });
export const mono = style({ fontFamily: vars.font.mono, fontSize: fontSize.sm, overflowWrap: 'anywhere' });
export const form = style({ display: 'flex', flexDirection: 'column', gap: space[4] });
export const formActions = style({
  display: 'flex',
  justifyContent: 'flex-end',
  gap: space[2],
  flexWrap: 'wrap',
});
export const formError = style({ color: vars.color.danger, margin: 0 });
export const fieldset = style({ border: 'none', margin: 0, padding: 0, minWidth: 0 });
export const legend = style({ fontWeight: 600, marginBottom: space[2], padding: 0 });
export const weekdays = style({ display: 'flex', flexWrap: 'wrap', gap: space[3] });
export const grid = style({
  display: 'grid',
  gap: space[4],
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 220px), 1fr))',
});
export const cards = style({
  display: 'grid',
  gap: space[4],
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 420px), 1fr))',
});
export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  gap: `${space[1]} ${space[4]}`,
  margin: 0,
});
export const factLabel = style({ color: vars.color.textMuted, fontSize: fontSize.sm });
export const factValue = style({ margin: 0, overflowWrap: 'anywhere' });
export const cardActions = style({ display: 'flex', flexWrap: 'wrap', gap: space[2], marginTop: space[4] });
export const history = style({ margin: `${space[3]} 0 0`, paddingLeft: space[5], fontSize: fontSize.sm });

export const bookForm = style([form, { maxWidth: '720px' }]);

export const week = style({
  listStyle: 'none',
  padding: 0,
  margin: 0,
  display: 'grid',
  gridTemplateColumns: 'repeat(7, minmax(0, 1fr))',
  gap: space[2],
  '@media': { 'screen and (max-width: 720px)': { gridTemplateColumns: '1fr' } },
});
export const day = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.control,
  padding: space[2],
  minHeight: '120px',
  minWidth: 0,
});
export const dayTitle = style({ margin: `0 0 ${space[2]}`, fontSize: fontSize.sm, fontWeight: 600 });
export const event = style({
  display: 'block',
  borderLeft: `3px solid ${vars.color.brand}`,
  background: vars.color.surface,
  borderRadius: radius.control,
  padding: space[1],
  marginBottom: space[2],
  fontSize: fontSize.sm,
  overflowWrap: 'anywhere',
});
export const weekNav = style({ display: 'flex', alignItems: 'center', gap: space[2], flexWrap: 'wrap' });
export const feedUrl = style({
  fontFamily: vars.font.mono,
  fontSize: fontSize.sm,
  overflowWrap: 'anywhere',
  background: vars.color.surface,
  padding: space[2],
  borderRadius: radius.control,
  margin: 0,
});
export const sectionTitle = style({ margin: 0, fontSize: fontSize.lg });
/** A zone name breaks after its slash at most, whatever the box around it allows. */
export const zoneName = style({ overflowWrap: 'normal', wordBreak: 'keep-all' });
export const clockChange = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: space[1],
  marginTop: space[1],
  color: vars.color.warning,
  fontSize: fontSize.sm,
});
// A narrow day column keeps the clock at its size and lets the words wrap beside it.
globalStyle(`${clockChange} > svg`, { flexShrink: 0, marginTop: '0.2em' });
export const skipBadges = style({ display: 'flex', flexWrap: 'wrap', gap: space[1], minWidth: 0 });
// A badge wider than its day column wraps inside it instead of running over the column's edge.
globalStyle(`${skipBadges} > *`, { maxWidth: '100%', whiteSpace: 'normal' });
export const outcome = style({ display: 'flex', flexDirection: 'column', gap: space[4] });
export const outcomeTitle = style({ margin: `0 0 ${space[2]}`, fontSize: fontSize.md, fontWeight: 600 });
export const outcomeList = style({
  margin: 0,
  paddingLeft: space[5],
  display: 'flex',
  flexDirection: 'column',
  gap: space[1],
});
/** A count that opens what it counts: underlined, so it reads as something to press. */
export const countButton = style({ textDecoration: 'underline dotted', textUnderlineOffset: '3px' });
