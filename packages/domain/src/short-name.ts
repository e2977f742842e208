/**
 * The 1 to 3 character short name of a customer (spec section 3, admin state): a leading
 * number when the company name starts with one, otherwise the initials of its words.
 */
export function customerShortName(companyName: string): string {
  const name = companyName.trim();
  const leadingNumber = /^\d+/.exec(name);
  if (leadingNumber) return leadingNumber[0].slice(0, 3);
  const initials = name
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');
  return initials.slice(0, 3) || '?';
}
