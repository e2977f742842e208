import { fontSize, space, vars } from '@tidewatch/ui';
import { globalStyle, style } from '@vanilla-extract/css';

export const layout = style({ display: 'flex', flexDirection: 'column', gap: space[6] });

export const back = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: space[1],
  alignSelf: 'flex-start',
  color: vars.color.brand,
  fontSize: fontSize.sm,
  fontWeight: 600,
});

export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(320px, 1fr))',
  gap: space[6],
  alignItems: 'start',
  '@media': { 'screen and (max-width: 599px)': { gridTemplateColumns: 'minmax(0, 1fr)' } },
});
export const column = style({ display: 'flex', flexDirection: 'column', gap: space[6] });

export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
  gap: `${space[3]} ${space[6]}`,
  margin: 0,
});
export const fact = style({
  display: 'flex',
  flexDirection: 'column',
  gap: '2px',
  minWidth: 0,
});
globalStyle(`${fact} > dt`, {
  fontSize: fontSize.xs,
  fontWeight: 650,
  color: vars.color.textMuted,
  textTransform: 'uppercase',
  letterSpacing: '0.02em',
});
globalStyle(`${fact} > dd`, { margin: 0, fontSize: fontSize.sm, overflowWrap: 'anywhere' });

export const mono = style({ fontFamily: vars.font.mono, overflowWrap: 'anywhere' });
export const muted = style({ margin: 0, color: vars.color.textMuted, fontSize: fontSize.sm });
export const value = style({ margin: 0, fontSize: fontSize.md, fontWeight: 600 });

export const roles = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: space[3],
});
globalStyle(`${roles} > li`, { display: 'flex', flexDirection: 'column', gap: '2px' });

export const tagRoles = style({
  display: 'flex',
  flexDirection: 'column',
  gap: space[2],
  marginTop: space[4],
  paddingTop: space[4],
  borderTop: `1px solid ${vars.color.border}`,
});
export const subheading = style({ margin: 0, fontSize: fontSize.sm, fontWeight: 650 });

export const cardActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: space[3],
  marginTop: space[4],
  fontSize: fontSize.sm,
});
export const inlineIcon = style({ display: 'inline-flex', alignItems: 'center', gap: space[1] });

export const section = style({ display: 'flex', flexDirection: 'column', gap: space[3] });
export const sectionTitle = style({ margin: 0, fontSize: fontSize.lg, fontWeight: 650 });
export const runSummary = style({ display: 'block', minWidth: '14rem' });
export const nowrap = style({ whiteSpace: 'nowrap' });
