import { fontSize, radius, space, vars } from '@tidewatch/ui';
import { style } from '@vanilla-extract/css';

export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(340px, 1fr))',
  gap: space[6],
  alignItems: 'start',
});
export const form = style({ display: 'flex', flexDirection: 'column', gap: space[4], alignItems: 'stretch' });
export const row = style({ display: 'flex', gap: space[2], flexWrap: 'wrap', alignItems: 'center' });
export const muted = style({ color: vars.color.textMuted, margin: 0, fontSize: fontSize.sm });
export const formError = style({ color: vars.color.danger, margin: 0 });
export const success = style({ color: vars.color.success, margin: 0 });

export const qr = style({
  width: '180px',
  height: '180px',
  background: '#ffffff',
  padding: space[2],
  borderRadius: radius.control,
});
export const secret = style({
  fontFamily: vars.font.mono,
  wordBreak: 'break-all',
  background: vars.color.surface,
  padding: space[2],
  borderRadius: radius.control,
});
export const codes = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: space[2],
  margin: 0,
  padding: space[3],
  listStyle: 'none',
  fontFamily: vars.font.mono,
  background: vars.color.surface,
  borderRadius: radius.control,
});

/** The sessions list reads best across the page: one row per session. */
export const wideCard = style({ gridColumn: '1 / -1' });
export const sessions = style({ listStyle: 'none', margin: 0, padding: 0, fontSize: fontSize.sm });
/** Narrow screens keep the device on top and the sign-out button beside place and time. */
const narrow = 'screen and (max-width: 760px)';
export const session = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 1fr) minmax(0, 1.5fr) minmax(6em, auto)',
  alignItems: 'center',
  gap: `${space[1]} ${space[4]}`,
  padding: `${space[2]} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
  '@media': { [narrow]: { gridTemplateColumns: 'minmax(0, 1fr) auto' } },
});
export const sessionDevice = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: space[2],
  fontWeight: 600,
  '@media': { [narrow]: { gridColumn: '1 / -1' } },
});
export const sessionDetail = style({
  color: vars.color.textMuted,
  '@media': { [narrow]: { gridColumn: 1 } },
});
export const sessionAction = style({
  justifySelf: 'end',
  '@media': { [narrow]: { gridColumn: 2, gridRow: '2 / span 2' } },
});
