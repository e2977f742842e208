import { recipe } from '@vanilla-extract/recipes';
import { fontSize, radius, space, vars } from '../theme/theme.css';

export const statusBadge = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    // As wide as its words, also where a flex or grid cell would stretch it to the column.
    width: 'fit-content',
    maxWidth: '100%',
    gap: space[1],
    padding: `2px ${space[2]}`,
    borderRadius: radius.pill,
    border: '1px solid transparent',
    fontSize: fontSize.xs,
    fontWeight: 600,
    lineHeight: 1.4,
    whiteSpace: 'nowrap',
  },
  variants: {
    tone: {
      success: { background: vars.color.successBg, color: vars.color.success },
      warning: { background: vars.color.warningBg, color: vars.color.warning },
      danger: { background: vars.color.dangerBg, color: vars.color.danger },
      info: { background: vars.color.brandSubtle, color: vars.color.brand },
      neutral: {
        background: vars.color.surface,
        color: vars.color.textMuted,
        borderColor: vars.color.border,
      },
    },
  },
  defaultVariants: { tone: 'neutral' },
});
