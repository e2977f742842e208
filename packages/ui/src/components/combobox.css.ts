import { style } from '@vanilla-extract/css';
import { fontSize, radius, space, vars } from '../theme/theme.css';
import { input } from './field.css';
import { menuContent, menuItem } from './overlay.css';

export const trigger = style([
  input,
  {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: space[2],
    textAlign: 'start',
    cursor: 'pointer',
  },
]);

/** The header's picker: a compact control of its own, no field frame around it. */
export const compactTrigger = style([
  trigger,
  {
    flex: 'none',
    minHeight: '36px',
    maxWidth: 'min(260px, 40vw)',
    padding: `0 ${space[2]}`,
    fontSize: fontSize.sm,
    background: vars.color.surfaceRaised,
    border: `1px solid ${vars.color.borderStrong}`,
    borderRadius: radius.control,
    selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '1px' } },
  },
]);

export const triggerText = style({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });

export const popover = style([
  menuContent,
  {
    display: 'flex',
    flexDirection: 'column',
    gap: space[1],
    maxHeight: 'min(420px, var(--popover-available-height, 420px))',
  },
]);

/** The header's list is wider than its button; a field's list is as wide as the field. */
export const compactPopover = style([popover, { width: 'min(360px, calc(100vw - 16px))' }]);

export const search = style({
  width: '100%',
  minHeight: '36px',
  padding: `0 ${space[2]}`,
  font: 'inherit',
  fontSize: fontSize.sm,
  color: vars.color.text,
  background: vars.color.bg,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: radius.control,
});

export const list = style({ overflowY: 'auto', minHeight: 0 });

export const item = style([
  menuItem,
  {
    selectors: {
      '&[data-active-item]': { background: vars.color.surface },
      '&[aria-selected="true"]': { fontWeight: 650 },
    },
  },
]);

export const noMatches = style({
  padding: `${space[2]} ${space[3]}`,
  fontSize: fontSize.sm,
  color: vars.color.textMuted,
});
