import { fontSize, radius, space, vars } from '@tidewatch/ui/theme';
import { style } from '@vanilla-extract/css';

const wide = 'screen and (min-width: 900px)';

/** Below the sticky header when a link lands on it (the nav's Contact Us, the hero's buttons). */
export const anchored = style({ scrollMarginTop: '72px' });

export const story = style({
  display: 'grid',
  gap: space[10],
  '@media': { [wide]: { gridTemplateColumns: 'minmax(0, 1.6fr) minmax(0, 1fr)', alignItems: 'start' } },
});

export const storyText = style({ margin: `0 0 ${space[4]}`, lineHeight: 1.7 });

export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: space[4],
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const fact = style({
  display: 'flex',
  flexDirection: 'column',
  gap: space[1],
  padding: space[5],
  background: vars.color.brandSubtle,
  borderRadius: radius.card,
  color: vars.color.text,
});

export const factValue = style({
  fontSize: fontSize.xxl,
  fontWeight: 700,
  lineHeight: 1.1,
  color: vars.color.brand,
  fontVariantNumeric: 'tabular-nums',
});

export const contactGrid = style({
  display: 'grid',
  gap: space[8],
  '@media': { [wide]: { gridTemplateColumns: 'minmax(0, 1.7fr) minmax(0, 1fr)', alignItems: 'start' } },
});

export const formCard = style({
  display: 'flex',
  flexDirection: 'column',
  gap: space[5],
  padding: space[8],
  background: vars.color.surfaceRaised,
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.card,
  '@media': { 'screen and (max-width: 640px)': { padding: space[5] } },
});

export const formIntro = style({ margin: `${space[2]} 0 0`, color: vars.color.textMuted, lineHeight: 1.6 });

export const direct = style({
  display: 'flex',
  flexDirection: 'column',
  gap: space[4],
  padding: space[6],
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.card,
});

export const lines = style({ display: 'flex', flexDirection: 'column', gap: space[3], margin: 0 });

export const line = style({ display: 'flex', gap: space[3], alignItems: 'flex-start' });

export const lineIcon = style({ flexShrink: 0, marginTop: '2px', color: vars.color.brand });

export const lineLabel = style({ display: 'block', fontSize: fontSize.sm, color: vars.color.textMuted });

export const lineValue = style({ margin: 0, fontWeight: 600, overflowWrap: 'anywhere' });

export const note = style({ margin: 0, fontSize: fontSize.sm, color: vars.color.textMuted, lineHeight: 1.6 });

export const officeHead = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: space[2] });

export const badge = style({
  display: 'inline-block',
  padding: `2px ${space[2]}`,
  borderRadius: radius.pill,
  background: vars.color.brandSubtle,
  color: vars.color.text,
  fontSize: fontSize.xs,
  fontWeight: 650,
});

export const address = style({ fontStyle: 'normal', lineHeight: 1.6 });

export const faqGroups = style({ display: 'flex', flexDirection: 'column', gap: space[10] });

export const faqGroup = style({ display: 'flex', flexDirection: 'column', gap: space[4] });

/** The solutions brief: the form beside the hero text. */
export const privacy = style({
  margin: 0,
  fontSize: fontSize.sm,
  color: vars.color.textMuted,
  lineHeight: 1.6,
});
