import { fontSize, space, vars } from '@tidewatch/ui';
import { globalStyle, style } from '@vanilla-extract/css';

export const muted = style({ margin: 0, color: vars.color.textMuted, fontSize: fontSize.sm });

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: space[3],
  marginTop: space[4],
  fontSize: fontSize.sm,
});

export const inlineForm = style({
  display: 'flex',
  alignItems: 'end',
  flexWrap: 'wrap',
  gap: space[3],
});
globalStyle(`${inlineForm} > :first-child`, { flex: 1, minWidth: '180px' });

export const tagList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexWrap: 'wrap',
  gap: space[2],
});
export const tagEditor = style({ display: 'flex', flexDirection: 'column', gap: space[4] });
export const tagRows = style({
  margin: 0,
  paddingInlineStart: space[6],
  display: 'flex',
  flexDirection: 'column',
  gap: space[1],
  maxWidth: '480px',
  fontVariantNumeric: 'tabular-nums',
});
export const tagRow = style({
  selectors: { '&::marker': { color: vars.color.textMuted } },
});
export const tagName = style({ display: 'inline-block', minWidth: '12rem', fontWeight: 500 });
