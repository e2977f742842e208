import { fontSize, radius, space, vars } from '@tidewatch/ui/theme';
import { globalStyle, style } from '@vanilla-extract/css';

/** The blog's plain layout: a slim header, one reading column, a one-line footer. */

const phone = 'screen and (max-width: 640px)';
const column = { maxWidth: '1100px', margin: '0 auto', padding: `0 ${space[6]}` } as const;

export const header = style({ background: vars.color.bg, borderBottom: `1px solid ${vars.color.border}` });

export const headerInner = style({
  ...column,
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: `${space[2]} ${space[4]}`,
  paddingBlock: space[3],
  '@media': { [phone]: { paddingInline: space[4], gap: space[2] } },
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

export const headerNav = style({ display: 'flex', gap: space[1], marginRight: 'auto' });

export const headerLink = style({
  padding: space[2],
  borderRadius: radius.control,
  color: vars.color.text,
  fontSize: fontSize.sm,
  fontWeight: 500,
  textDecoration: 'none',
  selectors: { '&:hover': { background: vars.color.surface } },
});

export const main = style({
  ...column,
  paddingBlock: space[12],
  '@media': { [phone]: { paddingInline: space[4], paddingBlock: space[8] } },
});

export const footer = style({
  marginTop: space[16],
  background: vars.color.surface,
  borderTop: `1px solid ${vars.color.border}`,
  color: vars.color.textMuted,
  fontSize: fontSize.sm,
});

export const footerInner = style({
  ...column,
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: space[4],
  paddingBlock: space[6],
  '@media': { [phone]: { paddingInline: space[4] } },
});

export const footerLinks = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: space[4],
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

globalStyle(`${footer} a`, { color: vars.color.text });

/* Index, tag and pagination pages */

export const pageHeader = style({ maxWidth: '720px', marginBottom: space[10] });

export const eyebrow = style({
  margin: `0 0 ${space[2]}`,
  color: vars.color.brand,
  fontSize: fontSize.sm,
  fontWeight: 650,
  letterSpacing: '0.04em',
  textTransform: 'uppercase',
});

export const h1 = style({
  margin: 0,
  fontSize: 'clamp(30px, 5vw, 44px)',
  lineHeight: 1.15,
  letterSpacing: '-0.02em',
  textWrap: 'balance',
});

export const lead = style({
  margin: `${space[4]} 0 0`,
  color: vars.color.textMuted,
  fontSize: fontSize.lg,
  lineHeight: 1.55,
});

export const postList = style({
  display: 'grid',
  gap: space[6],
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 440px), 1fr))',
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const card = style({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  height: '100%',
  overflow: 'hidden',
  background: vars.color.surfaceRaised,
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.card,
});

export const cardCover = style({
  display: 'block',
  width: '100%',
  height: 'auto',
  aspectRatio: '2 / 1',
  objectFit: 'cover',
});

export const cardBody = style({
  display: 'flex',
  flexDirection: 'column',
  gap: space[3],
  padding: space[6],
  flex: 1,
});

export const cardTitle = style({ margin: 0, fontSize: fontSize.xl, lineHeight: 1.3 });

/** The title's link covers the whole card, so the card is one click target and one tab stop. */
export const cardLink = style({
  color: vars.color.text,
  textDecoration: 'none',
  selectors: {
    '&::after': { content: '""', position: 'absolute', inset: 0 },
    '&:hover': { textDecoration: 'underline' },
  },
});

export const cardText = style({ margin: 0, color: vars.color.textMuted, lineHeight: 1.6 });

export const meta = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${space[1]} ${space[3]}`,
  margin: 0,
  color: vars.color.textMuted,
  fontSize: fontSize.sm,
});

// On a phone the author has a line of their own: a line that just fits wrapped in one font and not in
// the other, so the page moved when the web font arrived.
export const metaAuthor = style({ '@media': { [phone]: { flexBasis: '100%' } } });
export const metaAuthorSeparator = style({ '@media': { [phone]: { display: 'none' } } });

export const tags = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: space[2],
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

/** Above the card's covering link, so each tag stays its own link. */
export const tag = style({
  position: 'relative',
  zIndex: 1,
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '28px',
  padding: `0 ${space[3]}`,
  borderRadius: radius.pill,
  background: vars.color.brandSubtle,
  color: vars.color.brand,
  fontSize: fontSize.xs,
  fontWeight: 650,
  textDecoration: 'none',
  selectors: {
    '&:hover': { textDecoration: 'underline' },
    '&[aria-current="page"]': { background: vars.color.brand, color: vars.color.onBrand },
  },
});

export const topics = style({ marginTop: space[12] });

export const h2 = style({ margin: `0 0 ${space[4]}`, fontSize: fontSize.xl });

export const pagination = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: space[4],
  marginTop: space[10],
});

export const pageNumbers = style({
  display: 'flex',
  gap: space[2],
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const pageLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minWidth: '44px',
  minHeight: '44px',
  padding: `0 ${space[3]}`,
  borderRadius: radius.control,
  border: `1px solid ${vars.color.borderStrong}`,
  color: vars.color.brand,
  fontWeight: 600,
  textDecoration: 'none',
  selectors: {
    '&:hover': { background: vars.color.surface },
    '&[aria-current="page"]': {
      background: vars.color.brand,
      borderColor: vars.color.brand,
      color: vars.color.onBrand,
    },
  },
});

export const pageStatus = style({
  margin: `${space[3]} 0 0`,
  color: vars.color.textMuted,
  fontSize: fontSize.sm,
});

/* Post pages */

export const article = style({ maxWidth: '760px', margin: '0 auto' });

export const postHeader = style({
  display: 'flex',
  flexDirection: 'column',
  gap: space[4],
  marginBottom: space[8],
});

export const backLink = style({
  alignSelf: 'flex-start',
  color: vars.color.brand,
  fontWeight: 600,
  fontSize: fontSize.sm,
});

export const cover = style({
  display: 'block',
  width: '100%',
  height: 'clamp(200px, 36vw, 460px)',
  objectFit: 'cover',
  marginBottom: space[10],
  borderRadius: radius.card,
});

export const translationLink = style({ fontSize: fontSize.sm, fontWeight: 600, color: vars.color.brand });

export const postFooter = style({
  display: 'flex',
  flexDirection: 'column',
  gap: space[4],
  marginTop: space[12],
  paddingTop: space[6],
  borderTop: `1px solid ${vars.color.border}`,
});

/** Typography for the MDX body. */
export const prose = style({ fontSize: '17px', lineHeight: 1.75, color: vars.color.text });

globalStyle(`${prose} > * + *`, { marginTop: space[5] });
globalStyle(`${prose} :is(p, ul, ol)`, { marginBlock: 0 });
globalStyle(`${prose} > * + :is(ul, ol, p)`, { marginTop: space[4] });
globalStyle(`${prose} h2`, {
  marginTop: space[12],
  marginBottom: 0,
  fontSize: 'clamp(22px, 3vw, 26px)',
  lineHeight: 1.3,
  letterSpacing: '-0.01em',
});
globalStyle(`${prose} h3`, { marginTop: space[8], marginBottom: 0, fontSize: fontSize.lg });
globalStyle(`${prose} :is(ul, ol)`, { paddingLeft: space[6] });
globalStyle(`${prose} li + li`, { marginTop: space[2] });
globalStyle(`${prose} a`, { color: vars.color.brand, textUnderlineOffset: '3px' });
globalStyle(`${prose} :not(pre) > code`, {
  padding: '0.1em 0.35em',
  borderRadius: '4px',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  fontFamily: vars.font.mono,
  fontSize: '0.88em',
  overflowWrap: 'anywhere',
});
globalStyle(`${prose} pre`, {
  overflowX: 'auto',
  padding: `${space[4]} ${space[5]}`,
  borderRadius: radius.control,
  border: `1px solid ${vars.color.border}`,
  fontFamily: vars.font.mono,
  fontSize: fontSize.sm,
  lineHeight: 1.6,
});
globalStyle(`${prose} pre code`, { fontFamily: 'inherit' });
globalStyle(`${prose} blockquote`, {
  margin: `${space[6]} 0`,
  paddingLeft: space[5],
  borderLeft: `4px solid ${vars.color.brand}`,
  color: vars.color.textMuted,
});
globalStyle(`${prose} strong`, { fontWeight: 650 });

// Code is highlighted with a light and a dark theme (see astro.config.mjs); follow the site's scheme.
const darkCode = {
  color: 'var(--shiki-dark) !important',
  backgroundColor: 'var(--shiki-dark-bg) !important',
};
globalStyle(`:root[data-theme="dark"] ${prose} :is(pre.astro-code, pre.astro-code span)`, darkCode);
globalStyle(`:root:not([data-theme="light"]) ${prose} :is(pre.astro-code, pre.astro-code span)`, {
  '@media': { '(prefers-color-scheme: dark)': darkCode },
});
