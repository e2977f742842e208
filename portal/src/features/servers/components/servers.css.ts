import { fontSize, radius, space, vars } from '@tidewatch/ui';
import { style } from '@vanilla-extract/css';

export const page = style({ display: 'flex', flexDirection: 'column', gap: space[4] });

export const toolbar = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  flexWrap: 'wrap',
  gap: space[3],
});

export const lead = style({ margin: 0, fontSize: fontSize.md, fontWeight: 600 });
export const muted = style({ color: vars.color.textMuted, fontWeight: 400 });
export const actions = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: space[2] });

export const filters = style({ display: 'flex', flexDirection: 'column', gap: space[3] });
export const searchRow = style({ display: 'flex', alignItems: 'end', flexWrap: 'wrap', gap: space[3] });
export const searchField = style({ flex: 1, minWidth: '220px', maxWidth: '480px' });
export const filterGrid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(190px, 1fr))',
  gap: space[3],
  alignItems: 'end',
});

export const bulkBar = style({
  display: 'flex',
  alignItems: 'end',
  flexWrap: 'wrap',
  gap: space[3],
  padding: `${space[3]} ${space[4]}`,
  background: vars.color.brandSubtle,
  border: `1px solid ${vars.color.brand}`,
  borderRadius: radius.card,
});
export const bulkCount = style({
  display: 'flex',
  alignItems: 'center',
  gap: space[2],
  margin: 0,
  minHeight: '40px',
  fontWeight: 600,
  color: vars.color.text,
});
export const bulkTag = style({ minWidth: '200px' });

export const certnameLink = style({
  fontFamily: vars.font.mono,
  fontSize: '13px',
  color: vars.color.brand,
  textUnderlineOffset: '3px',
  whiteSpace: 'nowrap',
});
export const mono = style({ fontFamily: vars.font.mono, overflowWrap: 'anywhere' });

export const stack = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: space[1],
  minWidth: '7rem',
});
export const tags = style({ display: 'flex', flexWrap: 'wrap', gap: space[1], minWidth: '9rem' });
export const nowrap = style({ whiteSpace: 'nowrap' });

export const pager = style({
  display: 'flex',
  alignItems: 'end',
  justifyContent: 'space-between',
  flexWrap: 'wrap',
  gap: space[4],
});
export const pagerNav = style({ flex: 1, minWidth: '260px' });
