import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { fontSize, radius, space, vars } from '../theme/theme.css';

export const badge = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    minWidth: '22px',
    height: '20px',
    padding: `0 ${space[2]}`,
    borderRadius: radius.pill,
    fontSize: fontSize.xs,
    fontWeight: 700,
    fontVariantNumeric: 'tabular-nums',
  },
  variants: {
    tone: {
      neutral: {
        background: vars.color.surface,
        color: vars.color.textMuted,
        border: `1px solid ${vars.color.border}`,
      },
      brand: { background: vars.color.brandSubtle, color: vars.color.brand },
      warning: { background: vars.color.warningBg, color: vars.color.warning },
      success: { background: vars.color.successBg, color: vars.color.success },
    },
  },
  defaultVariants: { tone: 'neutral' },
});

export const banner = recipe({
  base: {
    display: 'flex',
    alignItems: 'center',
    gap: space[3],
    flexWrap: 'wrap',
    padding: `${space[3]} ${space[4]}`,
    borderRadius: radius.card,
    border: '1px solid',
  },
  variants: {
    tone: {
      info: { background: vars.color.brandSubtle, color: vars.color.text, borderColor: vars.color.brand },
      warning: { background: vars.color.warningBg, color: vars.color.text, borderColor: vars.color.warning },
      danger: { background: vars.color.dangerBg, color: vars.color.text, borderColor: vars.color.danger },
      success: { background: vars.color.successBg, color: vars.color.text, borderColor: vars.color.success },
    },
  },
  defaultVariants: { tone: 'info' },
});

export const bannerBody = style({ flex: 1, minWidth: '200px' });

export const card = style({
  background: vars.color.surfaceRaised,
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.card,
  padding: space[6],
});

export const cardTitle = style({ margin: `0 0 ${space[4]}`, fontSize: fontSize.lg, fontWeight: 650 });

export const emptyState = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  textAlign: 'center',
  gap: space[3],
  padding: `${space[12]} ${space[6]}`,
  color: vars.color.textMuted,
});

export const emptyTitle = style({ margin: 0, fontSize: fontSize.lg, color: vars.color.text });

export const skeleton = style({
  display: 'block',
  borderRadius: radius.control,
  background: vars.color.border,
  opacity: 0.6,
});
