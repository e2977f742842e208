import { fontSize, radius, space, vars } from '@tidewatch/ui/theme';
import { globalStyle, style } from '@vanilla-extract/css';

/** The open chat: a panel in the bubble's corner on wide screens, the whole width on a phone. */
export const panel = style({
  position: 'fixed',
  inset: 'auto 16px 88px auto',
  width: 'min(380px, calc(100vw - 32px))',
  maxHeight: 'min(620px, calc(100dvh - 112px))',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.card,
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  boxShadow: vars.shadow.overlay,
  selectors: { '&:not([open])': { display: 'none' } },
  // The dialog's own default max-width would leave a wider gap on the right.
  maxWidth: 'none',
  '@media': { 'screen and (max-width: 480px)': { inset: 'auto 8px 80px 8px', width: 'auto' } },
});
globalStyle(`${panel}::backdrop`, { background: 'rgba(15, 27, 42, 0.2)' });

export const header = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: space[2],
  padding: `${space[3]} ${space[4]}`,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const title = style({ margin: 0, fontSize: fontSize.md, fontWeight: 700 });

export const body = style({
  display: 'flex',
  flexDirection: 'column',
  gap: space[3],
  padding: space[4],
  overflowY: 'auto',
  minHeight: 0,
  flex: 1,
});

export const intro = style({ margin: 0, fontSize: fontSize.sm, color: vars.color.textMuted });

export const notice = style({
  margin: 0,
  padding: `${space[2]} ${space[3]}`,
  borderRadius: radius.control,
  background: vars.color.warningBg,
  border: `1px solid ${vars.color.warning}`,
  fontSize: fontSize.sm,
});

export const messages = style({
  display: 'flex',
  flexDirection: 'column',
  gap: space[2],
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const message = style({
  maxWidth: '85%',
  padding: `${space[2]} ${space[3]}`,
  borderRadius: radius.card,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  alignSelf: 'flex-start',
  overflowWrap: 'anywhere',
  whiteSpace: 'pre-wrap',
});

export const own = style({
  alignSelf: 'flex-end',
  background: vars.color.brandSubtle,
  borderColor: vars.color.brand,
});

export const meta = style({
  display: 'block',
  fontSize: fontSize.xs,
  color: vars.color.textMuted,
  whiteSpace: 'normal',
});

export const composer = style({
  display: 'flex',
  flexDirection: 'column',
  gap: space[2],
  padding: space[4],
  borderTop: `1px solid ${vars.color.border}`,
});
