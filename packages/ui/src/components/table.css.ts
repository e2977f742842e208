import { globalStyle, style } from '@vanilla-extract/css';
import { fontSize, radius, space, vars } from '../theme/theme.css';

const shade = 'rgba(7, 17, 28, 0.2)';
/**
 * A shadow at each edge with more content past it: covers that scroll with the content hide a
 * shadow once that end is reached, so the cue shows only where there is more to see.
 */
export const scrollShadow = style({
  backgroundColor: vars.color.surfaceRaised,
  backgroundImage: [
    `linear-gradient(to right, ${vars.color.surfaceRaised} 40%, transparent)`,
    `linear-gradient(to left, ${vars.color.surfaceRaised} 40%, transparent)`,
    `radial-gradient(farthest-side at 0 50%, ${shade}, transparent)`,
    `radial-gradient(farthest-side at 100% 50%, ${shade}, transparent)`,
  ].join(', '),
  backgroundPosition: 'left center, right center, left center, right center',
  backgroundSize: '2.5rem 100%, 2.5rem 100%, 0.875rem 100%, 0.875rem 100%',
  backgroundRepeat: 'no-repeat',
  backgroundAttachment: 'local, local, scroll, scroll',
});

/** The scroll box: the header sticks to its top; a table still too wide scrolls sideways, with a shadow cue. */
export const scroller = style([
  scrollShadow,
  {
    // Positioned, so visually hidden labels inside stay inside instead of stretching the page.
    position: 'relative',
    overflow: 'auto',
    // The empty and failed states measure themselves against the box, not the wide table.
    containerType: 'inline-size',
    border: `1px solid ${vars.color.border}`,
    borderRadius: radius.card,
    selectors: {
      '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
      '&[data-stacked]': { overflow: 'visible' },
    },
  },
]);

/** Set on the box while its rows are shown as cards. */
const stacked = '[data-stacked] &';
/** A card's lines: the column's name, then its value. */
const cardColumns = 'minmax(6rem, 2fr) minmax(0, 3fr)';

export const table = style({
  width: '100%',
  borderCollapse: 'separate',
  borderSpacing: 0,
  fontSize: fontSize.sm,
  fontVariantNumeric: 'tabular-nums',
  color: vars.color.text,
  selectors: { [stacked]: { display: 'block' } },
});

/** Rows of the last page stay, dimmed, while the next one loads. */
export const body = style({
  selectors: {
    '[aria-busy="true"] > &': { opacity: 0.6 },
    [stacked]: {
      display: 'grid',
      gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 18rem), 1fr))',
      gap: space[3],
      padding: space[3],
    },
  },
});

/** While stacked, the header row keeps only the sort buttons and the select-all box, side by side. */
export const head = style({ selectors: { [stacked]: { display: 'block' } } });
export const headRow = style({
  selectors: {
    // Nothing to show: no room taken, but its header cells stay for screen readers.
    [`${stacked}:not(:has(button, input))`]: { padding: 0, border: 'none' },
    [stacked]: {
      display: 'flex',
      flexWrap: 'wrap',
      alignItems: 'center',
      // Room around the small select-all box, so each target keeps its 24 px (WCAG 2.5.8).
      gap: `${space[2]} ${space[4]}`,
      padding: `${space[2]} ${space[3]}`,
      borderBottom: `1px solid ${vars.color.border}`,
    },
  },
});

export const caption = style({
  textAlign: 'start',
  padding: `${space[3]} ${space[3]} ${space[2]}`,
  fontWeight: 650,
  fontSize: fontSize.md,
  // A block table gives its caption no table box: it would shrink to its longest word.
  selectors: { [stacked]: { display: 'block' } },
});

const cellBase = {
  padding: space[2],
  textAlign: 'start',
  verticalAlign: 'middle',
  borderBottom: `1px solid ${vars.color.border}`,
} as const;

export const headerCell = style({
  ...cellBase,
  position: 'sticky',
  top: 0,
  zIndex: 1,
  background: vars.color.surface,
  color: vars.color.textMuted,
  fontSize: fontSize.xs,
  fontWeight: 650,
  letterSpacing: '0.02em',
  textTransform: 'uppercase',
  whiteSpace: 'nowrap',
  borderBottomColor: vars.color.borderStrong,
  selectors: {
    '&:first-child': { paddingInlineStart: space[3] },
    '&:last-child': { paddingInlineEnd: space[3] },
    // Out of sight but still there, so each card's cells keep their column headers for screen readers.
    [stacked]: {
      position: 'absolute',
      width: '1px',
      height: '1px',
      padding: 0,
      overflow: 'hidden',
      clipPath: 'inset(50%)',
      whiteSpace: 'nowrap',
      border: 'none',
      background: 'none',
    },
  },
});

const shownWhileStacked = {
  position: 'static',
  width: 'auto',
  height: 'auto',
  padding: space[1],
  overflow: 'visible',
  clipPath: 'none',
} as const;
export const sortableHeader = style({ selectors: { [stacked]: shownWhileStacked } });

export const cell = style({
  ...cellBase,
  selectors: {
    'tr:last-child > &': { borderBottom: 'none' },
    '&:first-child': { paddingInlineStart: space[3] },
    '&:last-child': { paddingInlineEnd: space[3] },
    [stacked]: {
      display: 'grid',
      gridTemplateColumns: cardColumns,
      alignItems: 'baseline',
      gap: space[2],
      padding: `${space[1]} 0`,
      border: 'none',
      textAlign: 'start',
    },
  },
});

/** Names the card: its own line, in full. */
export const rowHeaderCell = style([
  cell,
  {
    fontWeight: 500,
    selectors: { [stacked]: { display: 'block', fontWeight: 650, overflowWrap: 'anywhere' } },
  },
]);

/** A column without a header (a row's actions): on a card, its content closes the card at its end. */
export const unlabelledCell = style([
  cell,
  { selectors: { [stacked]: { display: 'flex', justifyContent: 'flex-end', flexWrap: 'wrap' } } },
]);

export const cardLabel = style({
  color: vars.color.textMuted,
  fontSize: fontSize.xs,
  fontWeight: 650,
  letterSpacing: '0.02em',
  textTransform: 'uppercase',
});
export const cardValue = style({ minWidth: 0, overflowWrap: 'anywhere' });
// A width a page gives a column's content to keep the table readable does not bind a card's line.
globalStyle(`[data-stacked] ${cardValue} > *`, { minWidth: 0 });

export const numeric = style({ textAlign: 'end' });
export const selectCell = style({
  width: '1%',
  selectors: { [stacked]: { ...shownWhileStacked, display: 'block' } },
});

export const row = style({
  selectors: {
    '&:hover': { background: vars.color.surface },
    '&[data-selected="true"]': { background: vars.color.brandSubtle },
    [stacked]: {
      display: 'flex',
      flexDirection: 'column',
      padding: `${space[2]} ${space[3]}`,
      border: `1px solid ${vars.color.border}`,
      borderRadius: radius.card,
    },
  },
});

export const sortButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: space[1],
  margin: `-${space[1]} -${space[2]}`,
  padding: `${space[1]} ${space[2]}`,
  border: 'none',
  borderRadius: radius.control,
  background: 'transparent',
  color: 'inherit',
  font: 'inherit',
  letterSpacing: 'inherit',
  textTransform: 'inherit',
  cursor: 'pointer',
  selectors: {
    '&:hover': { color: vars.color.text, background: vars.color.surfaceRaised },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '1px' },
    'th[aria-sort] &': { color: vars.color.text },
  },
});

export const emptyCell = style([cell, { padding: 0 }]);

/** What an empty table says stays in view, as wide as the box, however wide the columns scroll. */
export const emptyContent = style({ position: 'sticky', left: 0, width: '100cqi' });

/** A row's actions stay at the box's right edge while the other columns scroll under them. */
export const pinnedEnd = style({
  position: 'sticky',
  right: 0,
  selectors: {
    'td&': { background: vars.color.surfaceRaised, boxShadow: `-1px 0 0 ${vars.color.border}` },
    [stacked]: { position: 'static', boxShadow: 'none', background: 'none' },
  },
});

/** A row's open panel: it belongs to the row above, so no line between them. */
export const detailRow = style({
  selectors: {
    [stacked]: { display: 'block', gridColumn: '1 / -1' },
  },
});
export const detailCell = style({
  padding: 0,
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
  selectors: {
    'tr:last-child > &': { borderBottom: 'none' },
    [stacked]: { display: 'block', border: 'none', borderRadius: radius.card },
  },
});
globalStyle(`tr:has(+ ${detailRow}) > *`, { borderBottom: 'none' });
/** As wide as the box and in view while the columns scroll, so its width never widens the table. */
export const detailContent = style({
  position: 'sticky',
  left: 0,
  width: '100cqi',
  padding: space[3],
  selectors: { [stacked]: { position: 'static', width: 'auto' } },
});
