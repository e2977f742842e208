import { drawerBarHeight, fontSize, radius, space, vars } from '@tidewatch/ui';
import { style } from '@vanilla-extract/css';
import { NARROW_SCREEN } from './narrow-screen';

const narrow = NARROW_SCREEN;

export const layout = style({
  display: 'grid',
  gridTemplateColumns: '260px minmax(0, 1fr)',
  minHeight: '100vh',
  '@media': { [narrow]: { gridTemplateColumns: 'minmax(0, 1fr)' } },
});

export const sidebar = style({
  position: 'sticky',
  top: 0,
  height: '100vh',
  overflowY: 'auto',
  display: 'flex',
  flexDirection: 'column',
  gap: space[4],
  padding: `${space[4]} ${space[3]}`,
  background: vars.color.surface,
  borderRight: `1px solid ${vars.color.border}`,
  // In the drawer, the drawer scrolls and the close button's bar is above.
  '@media': {
    [narrow]: { position: 'static', height: 'auto', overflowY: 'visible', paddingTop: 0, border: 'none' },
  },
});

export const brand = style({
  display: 'flex',
  alignItems: 'center',
  gap: space[2],
  padding: `0 ${space[2]}`,
  fontSize: fontSize.lg,
  fontWeight: 700,
  color: vars.color.text,
  textDecoration: 'none',
});

export const navList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: '2px',
});
export const subList = style([navList, { margin: `2px 0 ${space[1]} ${space[6]}` }]);

export const navLink = style({
  display: 'flex',
  alignItems: 'center',
  gap: space[3],
  padding: `${space[2]} ${space[3]}`,
  borderRadius: radius.control,
  color: vars.color.text,
  textDecoration: 'none',
  fontSize: fontSize.sm,
  fontWeight: 500,
  selectors: {
    '&:hover': { background: vars.color.surfaceRaised },
    '&[data-status="active"]': {
      background: vars.color.brandSubtle,
      color: vars.color.brand,
      fontWeight: 650,
    },
  },
});

export const navLabel = style({ flex: 1 });

export const main = style({ display: 'flex', flexDirection: 'column', minWidth: 0 });

export const header = style({
  position: 'sticky',
  top: 0,
  zIndex: 30,
  display: 'flex',
  alignItems: 'center',
  gap: space[3],
  padding: `${space[3]} ${space[6]}`,
  background: vars.color.bg,
  borderBottom: `1px solid ${vars.color.border}`,
  // On a phone the menu, search, customer picker and user menu share 390 px: tighter gaps keep them in.
  // As tall as the drawer's bar, so the drawer's close button covers the Menu button exactly.
  '@media': { [narrow]: { height: drawerBarHeight, padding: `0 ${space[3]}`, gap: space[2] } },
});

export const headerSpacer = style({ flex: 1 });
/** The customer's name gives way first when the header is short of room. */
export const headerTitle = style({
  minWidth: 0,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});
/** On a phone the customer picker leaves the staff's own account name no room: a cut-off stub of it tells nothing. */
export const headerTitleBesidePicker = style([headerTitle, { '@media': { [narrow]: { display: 'none' } } }]);
/** On a phone the user menu shows only the initials; its button keeps the full name for screen readers. */
export const userName = style({ '@media': { [narrow]: { display: 'none' } } });

export const content = style({
  display: 'flex',
  flexDirection: 'column',
  gap: space[6],
  width: '100%',
  maxWidth: '1200px',
  padding: space[6],
  '@media': { [narrow]: { padding: space[3] } },
});

export const avatar = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '28px',
  height: '28px',
  borderRadius: radius.pill,
  background: vars.color.brand,
  color: vars.color.onBrand,
  fontSize: fontSize.xs,
  fontWeight: 700,
});

export const centered = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: space[4],
  minHeight: '60vh',
  textAlign: 'center',
  padding: space[6],
});

export const actions = style({ display: 'flex', gap: space[2], flexWrap: 'wrap', justifyContent: 'center' });

export const countScope = style({
  margin: `0 ${space[3]}`,
  fontSize: fontSize.xs,
  color: vars.color.textMuted,
});

export const subFailed = style({ margin: `2px 0 ${space[1]} ${space[6]}` });
