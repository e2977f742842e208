import { fontSize, radius, space, vars } from '@tidewatch/ui';
import { style } from '@vanilla-extract/css';

/** The map beside the list on a wide screen; the list under the map on a phone. */
export const layout = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 1fr)',
  gap: space[6],
  alignItems: 'start',
  '@media': { 'screen and (max-width: 1100px)': { gridTemplateColumns: 'minmax(0, 1fr)' } },
});
export const map = style({
  display: 'block',
  width: '100%',
  height: 'auto',
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.card,
  background: vars.color.surface,
});
export const sea = style({ fill: vars.color.brandSubtle });
export const graticule = style({ fill: 'none', stroke: vars.color.border, strokeWidth: 0.5 });
export const land = style({
  fill: vars.color.surfaceRaised,
  stroke: vars.color.borderStrong,
  strokeWidth: 0.4,
});
export const borders = style({ fill: 'none', stroke: vars.color.textMuted, strokeWidth: 0.3 });
export const marker = style({
  fill: vars.color.brand,
  stroke: vars.color.bg,
  strokeWidth: 2,
});
export const markerActive = style([marker, { fill: vars.color.warning }]);

export const side = style({ display: 'flex', flexDirection: 'column', gap: space[3] });
export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: space[2],
});
export const person = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: space[2],
  padding: space[3],
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.control,
});
export const personActive = style([person, { borderColor: vars.color.brand }]);
export const who = style({ display: 'flex', flexDirection: 'column', gap: space[1], minWidth: 0 });
export const name = style({ fontWeight: 600, overflowWrap: 'anywhere' });
export const muted = style({ color: vars.color.textMuted, fontSize: fontSize.sm, margin: 0 });
export const time = style({ fontVariantNumeric: 'tabular-nums', fontSize: fontSize.sm });
export const actions = style({ display: 'flex', gap: space[1], flexWrap: 'wrap' });
export const form = style({ display: 'flex', flexDirection: 'column', gap: space[4] });
export const coordinates = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 160px), 1fr))',
  gap: space[4],
});
export const formActions = style({
  display: 'flex',
  justifyContent: 'flex-end',
  gap: space[2],
  flexWrap: 'wrap',
});
export const formError = style({ color: vars.color.danger, margin: 0 });
