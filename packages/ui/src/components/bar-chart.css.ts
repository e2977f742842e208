import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { fontSize, radius, space, vars } from '../theme/theme.css';

export const figure = style({ margin: 0, display: 'flex', flexDirection: 'column', gap: space[3] });
export const caption = style({ fontSize: fontSize.md, fontWeight: 650, color: vars.color.text });

// One grid for all bars (each item a subgrid row), so every bar starts and ends at the same place.
export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gridTemplateColumns: 'minmax(120px, max-content) minmax(0, 1fr) max-content',
  gap: `${space[2]} ${space[3]}`,
  '@media': {
    'screen and (max-width: 599px)': { gridTemplateColumns: 'minmax(0, 1fr) max-content', rowGap: space[1] },
  },
});

export const item = style({
  display: 'grid',
  gridColumn: '1 / -1',
  gridTemplateColumns: 'subgrid',
  alignItems: 'center',
  rowGap: space[1],
  fontSize: fontSize.sm,
});

export const label = style({
  color: vars.color.text,
  overflowWrap: 'anywhere',
  '@media': { 'screen and (max-width: 599px)': { gridColumn: '1 / -1' } },
});

export const track = style({
  height: '20px',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.control,
  overflow: 'hidden',
});

export const bar = recipe({
  base: { height: '100%', minWidth: '2px', borderRadius: `0 ${radius.control} ${radius.control} 0` },
  variants: {
    tone: {
      brand: { background: vars.color.brand },
      // Striped, so a bar that warns differs in more than its colour.
      warning: {
        background: `repeating-linear-gradient(135deg, ${vars.color.warning} 0 6px, ${vars.color.warningBg} 6px 9px)`,
      },
    },
  },
  defaultVariants: { tone: 'brand' },
});

export const value = style({
  display: 'flex',
  alignItems: 'center',
  gap: space[2],
  fontVariantNumeric: 'tabular-nums',
  fontWeight: 600,
  color: vars.color.text,
  whiteSpace: 'nowrap',
});
