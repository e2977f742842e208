import { fontSize, radius, space, vars } from '@tidewatch/ui/theme';
import { globalStyle, style } from '@vanilla-extract/css';

export const openings = style({
  display: 'flex',
  flexDirection: 'column',
  gap: space[5],
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const opening = style({ scrollMarginTop: '96px' });

export const summary = style({ maxWidth: '72ch' });

export const facts = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${space[2]} ${space[5]}`,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  color: vars.color.textMuted,
  fontSize: fontSize.sm,
});

export const fact = style({ display: 'inline-flex', alignItems: 'center', gap: space[2] });

export const details = style({ borderTop: `1px solid ${vars.color.border}`, paddingTop: space[3] });

export const detailsSummary = style({
  cursor: 'pointer',
  color: vars.color.brand,
  fontWeight: 600,
  width: 'fit-content',
  padding: `${space[1]} 0`,
});

export const detailsBody = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 320px), 1fr))',
  gap: space[6],
  marginTop: space[4],
});

export const listHeading = style({ margin: `0 0 ${space[2]}`, fontSize: fontSize.md });

export const list = style({ margin: 0, paddingLeft: space[5], color: vars.color.textMuted, lineHeight: 1.6 });

globalStyle(`${list} > li + li`, { marginTop: space[1] });

export const empty = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: space[4],
  maxWidth: '720px',
  padding: space[6],
  borderRadius: radius.card,
  border: `1px dashed ${vars.color.borderStrong}`,
  color: vars.color.textMuted,
  lineHeight: 1.6,
});

export const applyRow = style({ display: 'flex', flexWrap: 'wrap', gap: space[3] });

export const applyCard = style({ maxWidth: '720px' });

/** What a plain form post came back to: shown only when the address names it (`#application-sent`). */
export const outcome = style({
  display: 'none',
  margin: `0 0 ${space[5]}`,
  padding: `${space[3]} ${space[4]}`,
  borderRadius: radius.control,
  border: `1px solid ${vars.color.success}`,
  background: vars.color.successBg,
  color: vars.color.text,
  selectors: { '&:target': { display: 'block' } },
});

export const outcomeFailed = style({
  border: `1px solid ${vars.color.danger}`,
  background: vars.color.dangerBg,
});
