import { fontSize, radius, space, vars } from '@tidewatch/ui/theme';
import { globalStyle, style } from '@vanilla-extract/css';

// Below this the links no longer fit on one line in either language: they fold into the menu.
const narrow = 'screen and (max-width: 1199px)';

// Astro's island wrappers take no box of their own. Astro writes this rule as a <style> in the body
// before the first island, which HTML does not allow there; our patch of it leaves that out, so the
// rule comes with the page's own styles in the head (decision 0075).
globalStyle('astro-island, astro-slot, astro-static-slot', { display: 'contents' });

export const header = style({
  position: 'sticky',
  top: 0,
  zIndex: 20,
  background: vars.color.bg,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const headerInner = style({
  display: 'flex',
  alignItems: 'center',
  gap: space[4],
  maxWidth: '1200px',
  margin: '0 auto',
  padding: `${space[3]} ${space[6]}`,
  '@media': { [narrow]: { padding: `${space[3]} ${space[4]}`, flexWrap: 'wrap' } },
});

export const brand = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: space[2],
  fontSize: fontSize.lg,
  fontWeight: 700,
  color: vars.color.text,
  textDecoration: 'none',
});

export const menuToggle = style({
  display: 'none',
  marginLeft: 'auto',
  alignItems: 'center',
  gap: space[2],
  minHeight: '40px',
  padding: `0 ${space[3]}`,
  font: 'inherit',
  color: vars.color.text,
  background: 'transparent',
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: radius.control,
  cursor: 'pointer',
  '@media': { [narrow]: { display: 'inline-flex' } },
});

export const nav = style({
  display: 'flex',
  alignItems: 'center',
  // The links' own padding spaces them: the Danish labels need every pixel at 1280 px.
  gap: 0,
  flex: 1,
  flexWrap: 'nowrap',
  '@media': {
    [narrow]: {
      display: 'none',
      flexBasis: '100%',
      flexDirection: 'column',
      alignItems: 'stretch',
      paddingTop: space[2],
    },
  },
  selectors: { '&[data-open="true"]': { '@media': { [narrow]: { display: 'flex' } } } },
});

export const navLink = style({
  padding: `${space[2]} ${space[2]}`,
  whiteSpace: 'nowrap',
  borderRadius: radius.control,
  color: vars.color.text,
  fontSize: fontSize.sm,
  fontWeight: 500,
  textDecoration: 'none',
  selectors: {
    '&:hover': { background: vars.color.surface },
    '&[aria-current="page"]': { color: vars.color.brand, fontWeight: 650 },
  },
});

export const navGroup = style({ position: 'relative' });

export const navSummary = style({
  display: 'flex',
  alignItems: 'center',
  gap: space[1],
  cursor: 'pointer',
  listStyle: 'none',
  selectors: {
    '&::-webkit-details-marker': { display: 'none' },
    // A chevron that turns when the group is open.
    '&::after': { content: '"▾"', fontSize: fontSize.xs },
    [`${navGroup}[open] > &::after`]: { content: '"▴"' },
  },
});

export const navGroupLinks = style({
  position: 'absolute',
  top: '100%',
  left: 0,
  zIndex: 30,
  display: 'flex',
  flexDirection: 'column',
  minWidth: '200px',
  margin: 0,
  padding: space[2],
  listStyle: 'none',
  background: vars.color.bg,
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.card,
  boxShadow: '0 8px 24px rgb(0 0 0 / 0.12)',
  '@media': {
    [narrow]: {
      position: 'static',
      minWidth: 0,
      padding: `0 0 0 ${space[4]}`,
      border: 'none',
      boxShadow: 'none',
    },
  },
});

export const navEnd = style({
  display: 'flex',
  alignItems: 'center',
  gap: space[2],
  marginLeft: 'auto',
  '@media': { [narrow]: { marginLeft: 0, flexWrap: 'wrap' } },
});

export const navButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  whiteSpace: 'nowrap',
  minHeight: '36px',
  padding: `0 ${space[4]}`,
  borderRadius: radius.control,
  background: vars.color.brand,
  color: vars.color.onBrand,
  // The shorthand first, so that it does not undo the size and weight after it.
  font: 'inherit',
  fontSize: fontSize.sm,
  fontWeight: 650,
  textDecoration: 'none',
  border: 'none',
  cursor: 'pointer',
  selectors: { '&:hover': { background: vars.color.brandHover } },
});

export const languageSwitch = style({
  display: 'inline-flex',
  gap: space[1],
  fontSize: fontSize.sm,
});

/** The page fills at least the window, the footer at its foot, so a short page leaves no band under it. */
export const page = style({ display: 'flex', flexDirection: 'column', minHeight: '100vh' });

/** The main area takes what the header and footer leave. */
export const mainArea = style({ flex: '1 0 auto', width: '100%' });

export const main = style({
  maxWidth: '1200px',
  margin: '0 auto',
  padding: `${space[10]} ${space[6]}`,
  '@media': { [narrow]: { padding: `${space[6]} ${space[4]}` } },
});

export const footer = style({
  marginTop: space[16],
  background: vars.color.surface,
  borderTop: `1px solid ${vars.color.border}`,
});

export const footerInner = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: space[6],
  justifyContent: 'space-between',
  maxWidth: '1200px',
  margin: '0 auto',
  padding: `${space[8]} ${space[6]}`,
  color: vars.color.textMuted,
  fontSize: fontSize.sm,
});

export const footerColumns = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(4, minmax(0, 1fr))',
  gap: space[6],
  flex: '1 1 560px',
  '@media': { 'screen and (max-width: 640px)': { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

export const footerHeading = style({
  margin: `0 0 ${space[2]}`,
  color: vars.color.text,
  fontSize: fontSize.sm,
  fontWeight: 650,
});

export const footerLinks = style({
  display: 'flex',
  flexDirection: 'column',
  gap: space[2],
  listStyle: 'none',
  margin: 0,
  padding: 0,
});

export const footerRights = style({ flexBasis: '100%', margin: 0 });
export const footerTagline = style({ maxWidth: '420px', margin: 0 });
