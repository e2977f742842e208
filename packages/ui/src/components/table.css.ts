import { style } from '@vanilla-extract/css';
import { fontSize, radius, space, vars } from '../theme/theme.css';

/** The scroll box: the header sticks to its top, wide tables scroll sideways inside it. */
export const scroller = style({
  // Positioned, so visually hidden labels inside stay inside instead of stretching the page.
  position: 'relative',
  overflow: 'auto',
  // The empty and failed states measure themselves against the box, not the wide table.
  containerType: 'inline-size',
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.card,
  background: vars.color.surfaceRaised,
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' } },
});

export const table = style({
  width: '100%',
  borderCollapse: 'separate',
  borderSpacing: 0,
  fontSize: fontSize.sm,
  fontVariantNumeric: 'tabular-nums',
  color: vars.color.text,
});

/** Rows of the last page stay, dimmed, while the next one loads. */
export const body = style({ selectors: { '[aria-busy="true"] > &': { opacity: 0.6 } } });

export const caption = style({
  textAlign: 'start',
  padding: `${space[3]} ${space[3]} ${space[2]}`,
  fontWeight: 650,
  fontSize: fontSize.md,
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
  },
});

export const cell = style({
  ...cellBase,
  selectors: {
    'tr:last-child > &': { borderBottom: 'none' },
    '&:first-child': { paddingInlineStart: space[3] },
    '&:last-child': { paddingInlineEnd: space[3] },
  },
});

export const rowHeaderCell = style([cell, { fontWeight: 500 }]);

export const numeric = style({ textAlign: 'end' });
export const selectCell = style({ width: '1%' });

export const row = style({
  selectors: {
    '&:hover': { background: vars.color.surface },
    '&[data-selected="true"]': { background: vars.color.brandSubtle },
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
  selectors: { 'td&': { background: vars.color.surfaceRaised, boxShadow: `-1px 0 0 ${vars.color.border}` } },
});
