import { space } from '@tidewatch/ui';
import { style } from '@vanilla-extract/css';

const PHONE = 'screen and (max-width: 519px)';

/** A row's fields and the button that removes it, on one line; stacked on a phone. */
const rowOf = (columns: string) =>
  style({
    display: 'grid',
    gridTemplateColumns: columns,
    gap: space[2],
    alignItems: 'end',
    '@media': { [PHONE]: { gridTemplateColumns: '1fr' } },
  });

export const domainRow = rowOf('1fr auto');
export const groupRow = rowOf('1fr 1fr auto');
