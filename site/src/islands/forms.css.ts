import { fontSize, radius, space, vars } from '@tidewatch/ui/theme';
import { style } from '@vanilla-extract/css';

export const form = style({ display: 'flex', flexDirection: 'column', gap: space[4] });
export const noticeTitle = style({ display: 'block', fontWeight: 700 });
export const secondary = style({ fontSize: fontSize.sm, textAlign: 'right', margin: 0 });

export const notice = style({
  display: 'flex',
  flexDirection: 'column',
  gap: space[1],
  margin: 0,
  padding: `${space[3]} ${space[4]}`,
  borderRadius: radius.control,
  background: vars.color.successBg,
  color: vars.color.text,
  border: `1px solid ${vars.color.success}`,
});

export const step = style({ margin: 0, fontSize: fontSize.sm, fontWeight: 650, color: vars.color.textMuted });
export const checkbox = style({
  display: 'flex',
  alignItems: 'center',
  gap: space[2],
  fontSize: fontSize.sm,
  cursor: 'pointer',
});
export const actions = style({ display: 'flex', justifyContent: 'space-between', gap: space[2] });
export const group = style({
  display: 'flex',
  flexDirection: 'column',
  gap: space[2],
  border: 'none',
  margin: 0,
  padding: 0,
});
export const legend = style({ padding: 0, marginBottom: space[1], fontSize: fontSize.sm, fontWeight: 600 });
export const groupHint = style({ margin: 0, fontSize: fontSize.sm, color: vars.color.textMuted });

/** Off-screen, not `display: none`: bots that skip hidden fields still fill this one in. */
export const honeypot = style({
  position: 'absolute',
  left: '-10000px',
  top: 'auto',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
});

/** Two fields side by side where there is room. */
export const pair = style({
  display: 'grid',
  gap: space[4],
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 220px), 1fr))',
});

/** A submit button waiting for its island: as legible as a working one, with a busy pointer. */
export const notReady = style({ selectors: { '&&:disabled': { opacity: 1, cursor: 'progress' } } });
export const notReadyHint = style({ margin: 0, fontSize: fontSize.sm, color: vars.color.textMuted });
/** Where scripts are off the form never gets ready; the line under the button says so instead. */
export const readying = style({ '@media': { '(scripting: none)': { display: 'none' } } });
