import { fontSize, space, vars } from '@tidewatch/ui';
import { style } from '@vanilla-extract/css';

export const loading = style({ display: 'grid', gap: space[3], padding: `${space[4]} 0` });

export const failed = style({ display: 'grid' });

export const reason = style({ color: vars.color.textMuted, margin: 0 });

export const actions = style({ display: 'flex', gap: space[2], flexWrap: 'wrap', justifyContent: 'center' });

export const inline = style({
  display: 'flex',
  alignItems: 'center',
  gap: space[2],
  flexWrap: 'wrap',
  fontSize: fontSize.sm,
  color: vars.color.text,
});

export const inlineIcon = style({ color: vars.color.danger, flexShrink: 0 });

export const inlineTitle = style({ flex: '1 1 8em' });
