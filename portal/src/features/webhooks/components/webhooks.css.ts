import { fontSize, radius, space, vars } from '@tidewatch/ui';
import { style } from '@vanilla-extract/css';

export const stack = style({ display: 'flex', flexDirection: 'column', gap: space[4] });
export const intro = style({ margin: 0, color: vars.color.textMuted, maxWidth: '70ch' });
export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  justifyContent: 'space-between',
  gap: space[3],
});
export const muted = style({ margin: 0, color: vars.color.textMuted, fontSize: fontSize.sm });
export const mono = style({ fontFamily: vars.font.mono, overflowWrap: 'anywhere' });

export const endpoints = style({
  display: 'flex',
  flexDirection: 'column',
  gap: space[4],
  margin: 0,
  padding: 0,
  listStyle: 'none',
});
export const endpoint = style({
  display: 'flex',
  flexDirection: 'column',
  gap: space[3],
  minWidth: 0,
  padding: space[4],
  background: vars.color.surfaceRaised,
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.card,
});
/** The endpoint's name and address, its state beside them (under them on a phone). */
export const endpointHead = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: `${space[2]} ${space[4]}`,
});
export const endpointName = style({
  display: 'flex',
  flexDirection: 'column',
  gap: space[1],
  minWidth: 0,
  flex: '1 1 16rem',
});
export const endpointTitle = style({
  margin: 0,
  fontSize: fontSize.md,
  fontWeight: 650,
  overflowWrap: 'anywhere',
});
/** An event's type under its name in the form, as a receiver reads it. */
export const eventType = style([mono, { fontSize: fontSize.xs }]);
export const endpointUrl = style([mono, { fontSize: fontSize.sm, color: vars.color.textMuted }]);
export const events = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: space[1],
  margin: 0,
  padding: 0,
  listStyle: 'none',
});
/** An event's name in a chip: as long as its words, wrapping like them on a phone. */
export const eventChip = style({
  padding: `${space[1]} ${space[2]}`,
  borderRadius: radius.pill,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  fontSize: fontSize.xs,
  fontWeight: 600,
  color: vars.color.textMuted,
});
export const endpointActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: space[2],
});

/** A disclosure button's chevron: it points down while what it shows is open. */
export const disclosureIcon = style({
  transition: 'transform 150ms ease-out',
  selectors: { '[aria-expanded="true"] > &': { transform: 'rotate(90deg)' } },
  '@media': { '(prefers-reduced-motion: reduce)': { transition: 'none' } },
});

export const deliveries = style({ display: 'flex', flexDirection: 'column', gap: space[3], minWidth: 0 });
export const deliveriesTitle = style({ margin: 0, fontSize: fontSize.md, fontWeight: 650 });
/** A time on one line: the card or the table makes room for it. */
export const when = style({ whiteSpace: 'nowrap' });

/** A delivery's open panel: its facts, its attempts, what was sent. */
export const delivery = style({ display: 'flex', flexDirection: 'column', gap: space[3], minWidth: 0 });
export const facts = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${space[1]} ${space[6]}`,
  margin: 0,
  fontSize: fontSize.sm,
});
export const fact = style({ display: 'flex', gap: space[2], minWidth: 0 });
export const factTerm = style({ color: vars.color.textMuted });
export const factValue = style([mono, { margin: 0 }]);
export const subTitle = style({ margin: 0, fontSize: fontSize.sm, fontWeight: 650 });
export const attempts = style({
  display: 'flex',
  flexDirection: 'column',
  gap: space[2],
  margin: 0,
  padding: 0,
  listStyle: 'none',
});
export const attempt = style({
  display: 'flex',
  flexDirection: 'column',
  gap: space[1],
  padding: `${space[2]} ${space[3]}`,
  background: vars.color.surfaceRaised,
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.control,
  fontSize: fontSize.sm,
});
export const attemptLine = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: `${space[1]} ${space[4]}`,
});
export const excerpt = style([
  mono,
  {
    margin: 0,
    fontSize: fontSize.xs,
    whiteSpace: 'pre-wrap',
    color: vars.color.text,
    maxHeight: '10rem',
    overflowY: 'auto',
  },
]);
export const deliveryActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: space[3],
});

export const form = style({ display: 'flex', flexDirection: 'column', gap: space[4] });
export const fieldset = style({
  border: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: space[3],
  minWidth: 0,
});
/** Reads like a field's label (the UI kit's). */
export const legend = style({ padding: 0, marginBottom: space[1], fontSize: fontSize.sm, fontWeight: 600 });
export const groupLegend = style({
  padding: 0,
  marginBottom: space[2],
  fontSize: fontSize.xs,
  fontWeight: 650,
  letterSpacing: '0.02em',
  textTransform: 'uppercase',
  color: vars.color.textMuted,
});
export const required = style({ color: vars.color.danger, marginLeft: space[1] });
export const choices = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 14rem), 1fr))',
  gap: `${space[2]} ${space[4]}`,
});
export const fieldError = style({ color: vars.color.danger, fontSize: fontSize.sm, margin: 0 });
export const formActions = style({
  display: 'flex',
  justifyContent: 'flex-end',
  gap: space[2],
  flexWrap: 'wrap',
});
export const secret = style({ display: 'flex', flexDirection: 'column', gap: space[4] });
