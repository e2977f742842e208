import { fontSize, radius, space, vars } from '@tidewatch/ui';
import { style } from '@vanilla-extract/css';

const PHONE = 'screen and (max-width: 800px)';

/** The list beside the conversation on a wide screen; one of them at a time on a phone. */
export const layout = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 2fr)',
  gap: space[6],
  alignItems: 'start',
  '@media': { [PHONE]: { gridTemplateColumns: 'minmax(0, 1fr)' } },
});
export const hiddenOnPhone = style({ '@media': { [PHONE]: { display: 'none' } } });
export const shownOnPhone = style({
  display: 'none',
  alignSelf: 'flex-start',
  '@media': { [PHONE]: { display: 'inline-flex' } },
});

export const side = style({ display: 'flex', flexDirection: 'column', gap: space[3], minWidth: 0 });
export const filters = style({ display: 'flex', flexWrap: 'wrap', gap: space[2], alignItems: 'end' });
export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: space[2],
});
export const item = style({
  display: 'flex',
  flexDirection: 'column',
  gap: space[1],
  width: '100%',
  textAlign: 'left',
  padding: space[3],
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.control,
  background: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  cursor: 'pointer',
  ':hover': { borderColor: vars.color.borderStrong },
  ':focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 },
});
export const itemSelected = style([
  item,
  { borderColor: vars.color.brand, background: vars.color.brandSubtle },
]);
export const itemHead = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: space[2],
  minWidth: 0,
});
export const name = style({ fontWeight: 600, overflowWrap: 'anywhere' });
export const unreadName = style([name, { fontWeight: 700 }]);
export const muted = style({ color: vars.color.textMuted, fontSize: fontSize.sm, margin: 0 });
export const snippet = style([
  muted,
  { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', maxWidth: '100%' },
]);
export const badges = style({ display: 'flex', flexWrap: 'wrap', gap: space[1] });

export const panel = style({
  display: 'flex',
  flexDirection: 'column',
  gap: space[4],
  padding: space[4],
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.card,
  background: vars.color.surface,
  minWidth: 0,
});
export const panelHead = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  alignItems: 'start',
  gap: space[2],
});
export const title = style({ margin: 0, fontSize: fontSize.lg, overflowWrap: 'anywhere' });
export const details = style({
  display: 'grid',
  gridTemplateColumns: 'max-content minmax(0, 1fr)',
  gap: `${space[1]} ${space[3]}`,
  margin: 0,
  fontSize: fontSize.sm,
});
export const term = style({ color: vars.color.textMuted });
export const value = style({ margin: 0, overflowWrap: 'anywhere' });
export const messages = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: space[2],
  maxHeight: '28rem',
  overflowY: 'auto',
});
const bubble = {
  maxWidth: '85%',
  padding: `${space[2]} ${space[3]}`,
  borderRadius: radius.card,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
} as const;
export const fromVisitor = style({
  ...bubble,
  alignSelf: 'flex-start',
  background: vars.color.surfaceRaised,
});
export const fromStaff = style({
  ...bubble,
  alignSelf: 'flex-end',
  background: vars.color.brandSubtle,
});
export const fromBot = style({
  ...bubble,
  alignSelf: 'flex-start',
  fontStyle: 'italic',
  color: vars.color.textMuted,
});
export const meta = style({ display: 'block', fontSize: fontSize.xs, color: vars.color.textMuted });
export const replyForm = style({ display: 'flex', flexDirection: 'column', gap: space[2] });
export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: space[2],
  justifyContent: 'flex-end',
});
