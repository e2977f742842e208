import { fontSize, radius, space, vars } from '@tidewatch/ui/theme';
import { style } from '@vanilla-extract/css';

/** The product sub-navigation: a quiet band right under the site's own navigation. */
export const subnav = style({
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const subnavInner = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: `${space[1]} ${space[4]}`,
  paddingBlock: space[2],
});

export const subnavName = style({ fontWeight: 700, marginRight: 'auto' });

export const subnavLinks = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: space[1],
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const subnavLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '36px',
  padding: `0 ${space[3]}`,
  borderRadius: radius.control,
  color: vars.color.text,
  fontSize: fontSize.sm,
  fontWeight: 550,
  textDecoration: 'none',
  selectors: { '&:hover': { background: vars.color.bg, color: vars.color.brand } },
});

export const glance = style({
  margin: 0,
  padding: space[6],
  borderRadius: radius.card,
  background: vars.color.surfaceRaised,
  border: `1px solid ${vars.color.border}`,
  boxShadow: vars.shadow.overlay,
});

export const glanceList = style({ margin: `${space[4]} 0 0`, display: 'grid', gap: 0 });

export const glanceRow = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 3fr)',
  gap: space[4],
  padding: `${space[3]} 0`,
  borderTop: `1px solid ${vars.color.border}`,
  fontSize: fontSize.sm,
  '@media': { 'screen and (max-width: 400px)': { gridTemplateColumns: 'minmax(0, 1fr)', gap: space[1] } },
});

export const glanceLabel = style({ color: vars.color.textMuted });

export const glanceValue = style({ margin: 0, fontWeight: 600 });

/** A single follow-up link under a section's cards. */
export const sectionLink = style({ marginTop: space[8] });

export const appList = style({
  display: 'flex',
  flexDirection: 'column',
  gap: space[4],
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const appName = style({ display: 'flex', alignItems: 'center', gap: space[2], fontWeight: 650 });

export const appLogo = style({ flexShrink: 0, color: vars.color.brand });

export const appText = style({
  display: 'block',
  marginTop: space[1],
  color: vars.color.textMuted,
  fontSize: fontSize.sm,
  lineHeight: 1.55,
});
