import { fontSize, radius, scrollShadow, space, vars } from '@tidewatch/ui';
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
/** Below this width of its box the week grid stacks: a card per row, its seven days wrapping inside. */
const stackedWeek = '(max-width: 60rem)';
export const gridScroll = style([
  scrollShadow,
  { position: 'relative', overflowX: 'auto', maxWidth: '100%', containerType: 'inline-size' },
]);
export const gridTable = style({
  borderCollapse: 'collapse',
  fontSize: fontSize.sm,
  '@container': { [stackedWeek]: { display: 'block', width: '100%' } },
});
/** Stacked, each day names itself in its card; the header row stays for screen readers. */
export const gridHead = style({
  '@container': {
    [stackedWeek]: {
      position: 'absolute',
      width: '1px',
      height: '1px',
      overflow: 'hidden',
      clipPath: 'inset(50%)',
      whiteSpace: 'nowrap',
    },
  },
});
export const gridBody = style({
  '@container': { [stackedWeek]: { display: 'flex', flexDirection: 'column', gap: space[4] } },
});
export const gridRow = style({
  '@container': {
    [stackedWeek]: {
      display: 'grid',
      gridTemplateColumns: 'repeat(auto-fill, minmax(7rem, 1fr))',
      gap: space[3],
      padding: space[3],
      border: `1px solid ${vars.color.border}`,
      borderRadius: radius.card,
    },
  },
});
export const gridCell = style({
  padding: space[1],
  borderBottom: `1px solid ${vars.color.border}`,
  textAlign: 'left',
  '@container': {
    [stackedWeek]: { display: 'flex', flexDirection: 'column', gap: space[1], padding: 0, border: 'none' },
  },
});
/** The row's customer, product and description, and its remove button: the card's full width. */
export const gridWholeRow = style({ '@container': { [stackedWeek]: { gridColumn: '1 / -1' } } });
export const gridRemove = style({ '@container': { [stackedWeek]: { alignItems: 'flex-end' } } });
export const gridCaption = style({
  '@container': { [stackedWeek]: { display: 'block', textAlign: 'start', marginBottom: space[3] } },
});
export const gridDayLabel = style({
  display: 'none',
  color: vars.color.textMuted,
  fontSize: fontSize.xs,
  '@container': { [stackedWeek]: { display: 'block' } },
});
export const gridInput = style({
  width: '5rem',
  '@container': { [stackedWeek]: { width: '100%' } },
  padding: space[1],
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.control,
  font: 'inherit',
  background: vars.color.surface,
  color: vars.color.text,
});
