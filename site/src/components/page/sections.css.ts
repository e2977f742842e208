import { fontSize, radius, space, vars } from '@tidewatch/ui/theme';
import { style, styleVariants } from '@vanilla-extract/css';

const phone = 'screen and (max-width: 640px)';

// A link to a band (the reseller hero's Apply, #apply) lands it below the sticky header (65 px on a phone).
const belowStickyHeader = '72px';

/** The marketing pages' shared layout: full-width bands with a centred 1200 px column. */
export const band = styleVariants({
  plain: {
    padding: `${space[16]} 0`,
    scrollMarginTop: belowStickyHeader,
    '@media': { [phone]: { padding: `${space[10]} 0` } },
  },
  surface: {
    padding: `${space[16]} 0`,
    scrollMarginTop: belowStickyHeader,
    background: vars.color.surface,
    borderBlock: `1px solid ${vars.color.border}`,
    '@media': { [phone]: { padding: `${space[10]} 0` } },
  },
});

export const container = style({
  maxWidth: '1200px',
  margin: '0 auto',
  padding: `0 ${space[6]}`,
  '@media': { [phone]: { padding: `0 ${space[4]}` } },
});

export const sectionHeader = style({ maxWidth: '720px', marginBottom: space[8] });

export const eyebrow = style({
  margin: `0 0 ${space[3]}`,
  color: vars.color.brand,
  fontSize: fontSize.sm,
  fontWeight: 650,
  letterSpacing: '0.04em',
  textTransform: 'uppercase',
});

export const h1 = style({
  margin: 0,
  fontSize: 'clamp(32px, 5vw, 48px)',
  lineHeight: 1.1,
  letterSpacing: '-0.02em',
  textWrap: 'balance',
});

export const h2 = style({
  margin: 0,
  fontSize: 'clamp(24px, 3.5vw, 32px)',
  lineHeight: 1.2,
  letterSpacing: '-0.01em',
  textWrap: 'balance',
});

export const h3 = style({ margin: 0, fontSize: fontSize.lg, lineHeight: 1.3 });

export const lead = style({
  margin: `${space[4]} 0 0`,
  fontSize: fontSize.lg,
  lineHeight: 1.55,
  color: vars.color.textMuted,
  maxWidth: '680px',
});

export const intro = style({ margin: `${space[3]} 0 0`, color: vars.color.textMuted, lineHeight: 1.6 });

export const plainList = style({ margin: 0, padding: 0, listStyle: 'none' });

export const prose = style({ lineHeight: 1.7, maxWidth: '720px' });

export const hero = style({
  padding: `${space[16]} 0`,
  background: `linear-gradient(180deg, ${vars.color.brandSubtle} 0%, ${vars.color.bg} 100%)`,
  '@media': { [phone]: { padding: `${space[10]} 0` } },
});

export const heroGrid = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1.3fr) minmax(0, 1fr)',
  gap: space[10],
  alignItems: 'center',
  '@media': { 'screen and (max-width: 900px)': { gridTemplateColumns: 'minmax(0, 1fr)' } },
});

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: space[3],
  marginTop: space[8],
  // Stacked on phones: side by side the two buttons filled the row to within a few pixels, so
  // whether the second wrapped turned on the font, and the page shifted when Inter arrived.
  '@media': { [phone]: { flexDirection: 'column' } },
});

const buttonBase = {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: space[2],
  minHeight: '44px',
  padding: `0 ${space[5]}`,
  borderRadius: radius.control,
  fontWeight: 650,
  textDecoration: 'none',
  transition: 'background 150ms ease',
  '@media': { '(prefers-reduced-motion: reduce)': { transition: 'none' } },
} as const;

export const linkButton = styleVariants({
  primary: {
    ...buttonBase,
    background: vars.color.brand,
    color: vars.color.onBrand,
    selectors: { '&:hover': { background: vars.color.brandHover } },
  },
  secondary: {
    ...buttonBase,
    background: vars.color.bg,
    color: vars.color.brand,
    border: `1px solid ${vars.color.borderStrong}`,
    selectors: { '&:hover': { background: vars.color.surface } },
  },
});

export const points = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${space[2]} ${space[5]}`,
  margin: `${space[6]} 0 0`,
  padding: 0,
  listStyle: 'none',
  color: vars.color.textMuted,
  fontSize: fontSize.sm,
});

export const point = style({ display: 'inline-flex', alignItems: 'center', gap: space[2] });

export const checkIcon = style({ color: vars.color.success, flexShrink: 0 });

const gridOf = (minWidth: string) => ({
  display: 'grid',
  gap: space[5],
  gridTemplateColumns: `repeat(auto-fit, minmax(min(100%, ${minWidth}), 1fr))`,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const grid = styleVariants({ 2: gridOf('420px'), 3: gridOf('300px'), 4: gridOf('230px') });

export const card = style({
  display: 'flex',
  flexDirection: 'column',
  gap: space[3],
  margin: 0,
  padding: space[6],
  background: vars.color.surfaceRaised,
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.card,
});

export const cardText = style({ margin: 0, color: vars.color.textMuted, lineHeight: 1.6 });

export const iconBadge = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '44px',
  height: '44px',
  borderRadius: radius.card,
  background: vars.color.brandSubtle,
  color: vars.color.brand,
});

export const faq = style({ display: 'flex', flexDirection: 'column', gap: space[3], maxWidth: '860px' });

export const faqItem = style({
  background: vars.color.surfaceRaised,
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.card,
});

export const faqQuestion = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: space[4],
  padding: `${space[4]} ${space[5]}`,
  fontWeight: 600,
  cursor: 'pointer',
  listStyle: 'none',
  selectors: {
    '&::-webkit-details-marker': { display: 'none' },
    '&::after': { content: '"+"', color: vars.color.brand, fontWeight: 700 },
    'details[open] > &::after': { content: '"−"' },
  },
});

export const faqAnswer = style({
  margin: 0,
  padding: `0 ${space[5]} ${space[5]}`,
  color: vars.color.textMuted,
  lineHeight: 1.6,
});

export const steps = style({
  display: 'grid',
  gap: space[5],
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 220px), 1fr))',
  margin: 0,
  padding: 0,
  listStyle: 'none',
  counterReset: 'step',
});

export const step = style({
  counterIncrement: 'step',
  display: 'flex',
  flexDirection: 'column',
  gap: space[2],
  selectors: {
    '&::before': {
      content: 'counter(step)',
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      width: '36px',
      height: '36px',
      borderRadius: radius.pill,
      background: vars.color.brand,
      color: vars.color.onBrand,
      fontWeight: 700,
    },
  },
});

export const cta = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: space[6],
  padding: space[10],
  borderRadius: radius.card,
  background: vars.color.brand,
  color: vars.color.onBrand,
  '@media': { [phone]: { padding: space[6] } },
});

export const ctaActions = style({ display: 'flex', flexWrap: 'wrap', gap: space[3] });

export const ctaIntro = style({ margin: `${space[3]} 0 0`, maxWidth: '620px', lineHeight: 1.6 });

export const ctaButton = styleVariants({
  primary: {
    ...buttonBase,
    background: vars.color.onBrand,
    color: vars.color.brand,
    selectors: { '&:hover': { background: vars.color.brandSubtle } },
  },
  secondary: {
    ...buttonBase,
    color: vars.color.onBrand,
    border: `1px solid ${vars.color.onBrand}`,
    selectors: { '&:hover': { background: vars.color.brandHover } },
  },
});

/** A portal screenshot, framed like a window so its edge shows on either theme's background. */
export const shot = style({ margin: 0, display: 'flex', flexDirection: 'column', gap: space[3] });

export const shotImage = style({
  display: 'block',
  width: '100%',
  height: 'auto',
  borderRadius: radius.card,
  border: `1px solid ${vars.color.border}`,
  boxShadow: vars.shadow.overlay,
});

export const shotCaption = style({ fontSize: fontSize.sm, color: vars.color.textMuted });

/** The hero's picture, under its text and as wide as the column. */
export const heroMedia = style({ marginTop: space[12], '@media': { [phone]: { marginTop: space[8] } } });
