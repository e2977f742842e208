import { formatEuros } from '../../lib/format';

/** An amount in cents as euros in the reader's locale. */
export const formatCents = (cents: number, locale: string) => formatEuros(cents / 100, locale);
