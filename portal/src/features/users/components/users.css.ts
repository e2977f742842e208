import { fontSize, space, vars } from '@tidewatch/ui';
import { style } from '@vanilla-extract/css';

export const stack = style({ display: 'flex', flexDirection: 'column', gap: space[4], minWidth: 0 });
export const intro = style({ margin: 0, color: vars.color.textMuted, maxWidth: '70ch' });
export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  justifyContent: 'space-between',
  gap: space[3],
});
export const filters = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: space[3] });
/** A search box no wider than a name needs. */
export const search = style({ maxWidth: '320px', flex: '1 1 220px' });
export const person = style({ display: 'flex', flexDirection: 'column', minWidth: 0 });
/** Addresses break only where nothing else fits, so the name column grows to hold them. */
export const email = style({
  color: vars.color.textMuted,
  fontSize: fontSize.sm,
  overflowWrap: 'break-word',
});
export const muted = style({ color: vars.color.textMuted, fontSize: fontSize.sm });
export const form = style({ display: 'flex', flexDirection: 'column', gap: space[4] });
export const roles = style({
  display: 'flex',
  flexDirection: 'column',
  gap: space[2],
  border: 0,
  padding: 0,
  margin: 0,
});
export const legend = style({ fontWeight: 600, marginBottom: space[2], padding: 0 });
export const formActions = style({
  display: 'flex',
  justifyContent: 'flex-end',
  gap: space[2],
  flexWrap: 'wrap',
});
export const formError = style({ color: vars.color.danger, margin: 0 });
