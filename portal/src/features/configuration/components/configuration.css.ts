import { fontSize, radius, space, vars } from '@tidewatch/ui';
import { style } from '@vanilla-extract/css';

export const stack = style({ display: 'flex', flexDirection: 'column', gap: space[4] });
export const intro = style({ margin: 0, color: vars.color.textMuted, maxWidth: '75ch' });
export const muted = style({ margin: 0, color: vars.color.textMuted, fontSize: fontSize.sm });
export const mono = style({ fontFamily: vars.font.mono, overflowWrap: 'anywhere' });
export const row = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: space[2] });
export const plainList = style({
  display: 'flex',
  flexDirection: 'column',
  gap: space[2],
  margin: 0,
  padding: 0,
  listStyle: 'none',
});
export const targetLabel = style({
  display: 'inline-flex',
  alignItems: 'baseline',
  gap: space[2],
  whiteSpace: 'nowrap',
});
/** A change request's title in the list keeps a readable width on a phone; the table scrolls. */
export const titleCell = style({ display: 'inline-block', minWidth: '12rem' });
export const between = style([row, { justifyContent: 'space-between' }]);

export const legend = style({ padding: 0, marginBottom: space[2], fontWeight: 650, fontSize: fontSize.md });
export const groupLegend = style({
  padding: 0,
  marginBottom: space[1],
  fontWeight: 650,
  fontSize: fontSize.sm,
  textTransform: 'uppercase',
  letterSpacing: '0.04em',
  color: vars.color.textMuted,
});

export const segmented = style({ display: 'flex', flexWrap: 'wrap', gap: space[4] });

export const options = style({
  listStyle: 'none',
  margin: 0,
  padding: space[1],
  maxHeight: '280px',
  overflowY: 'auto',
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.control,
});
export const option = style({
  display: 'flex',
  alignItems: 'center',
  gap: space[3],
  padding: `${space[2]} ${space[3]}`,
  borderRadius: radius.control,
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.color.surface },
    '&:has(input:checked)': { background: vars.color.brandSubtle },
  },
});
export const optionText = style({ display: 'flex', flexDirection: 'column', minWidth: 0, gap: '2px' });

export const roles = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 300px), 1fr))',
  gap: space[3],
  margin: 0,
  padding: 0,
  listStyle: 'none',
});
export const roleOption = style({
  display: 'flex',
  flexDirection: 'column',
  gap: space[2],
  padding: space[3],
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.control,
  background: vars.color.surfaceRaised,
  selectors: {
    '&[data-chosen="true"]': {
      borderColor: vars.color.brand,
      boxShadow: `inset 0 0 0 1px ${vars.color.brand}`,
    },
  },
});
export const refusal = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: space[2],
  margin: 0,
  fontSize: fontSize.sm,
  color: vars.color.text,
});

export const fields = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 260px), 1fr))',
  gap: space[4],
  alignItems: 'start',
});
export const formError = style({ margin: 0, color: vars.color.danger });

export const parameters = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(140px, max-content) 1fr',
  gap: `${space[1]} ${space[4]}`,
  margin: 0,
  fontSize: fontSize.sm,
  // On a phone each value goes under its name.
  '@media': { 'screen and (max-width: 519px)': { gridTemplateColumns: '1fr', rowGap: 0 } },
});
export const parameterRow = style({ display: 'contents' });
export const term = style({ color: vars.color.textMuted });
export const summaryValue = style({
  margin: 0,
  '@media': { 'screen and (max-width: 519px)': { marginBottom: space[2] } },
});
export const definition = style({
  margin: 0,
  fontFamily: vars.font.mono,
  overflowWrap: 'anywhere',
  '@media': { 'screen and (max-width: 519px)': { marginBottom: space[2] } },
});

export const figure = style({ margin: 0 });
export const diff = style({
  margin: 0,
  padding: `${space[2]} 0`,
  overflowX: 'auto',
  fontFamily: vars.font.mono,
  fontSize: fontSize.sm,
  lineHeight: 1.6,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.control,
});
export const diffLine = style({
  display: 'grid',
  gridTemplateColumns: '3.5ch 3.5ch 2ch 1fr',
  gap: space[2],
  padding: `0 ${space[3]}`,
  whiteSpace: 'pre',
  textDecoration: 'none',
  color: vars.color.text,
  selectors: {
    '&[data-kind="added"]': { background: vars.color.successBg },
    '&[data-kind="removed"]': { background: vars.color.dangerBg },
    '&[data-kind="hunk"], &[data-kind="file"], &[data-kind="note"]': { color: vars.color.textMuted },
  },
});
export const lineNumber = style({ color: vars.color.textMuted, textAlign: 'end', userSelect: 'none' });
export const marker = style({ fontWeight: 700, userSelect: 'none' });
export const legendRow = style([row, { gap: space[4], fontSize: fontSize.sm, color: vars.color.textMuted }]);
export const legendSwatch = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: space[1],
  padding: `0 ${space[2]}`,
  borderRadius: radius.control,
  fontFamily: vars.font.mono,
  color: vars.color.text,
  selectors: {
    '&[data-kind="added"]': { background: vars.color.successBg },
    '&[data-kind="removed"]': { background: vars.color.dangerBg },
  },
});
