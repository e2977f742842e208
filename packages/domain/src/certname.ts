/**
 * Certnames name every managed machine: `<hostname>.<customer_id>` for servers and
 * `<cluster>.<customer_id>` for clusters, so the customer is part of the name and two customers'
 * hosts never clash.
 */

/** A DNS label in lowercase: letters, digits and inner hyphens, at most 63 characters. */
export const HOSTNAME_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const CUSTOMER_ID_PATTERN = /^[a-z0-9]{2,32}$/;

export function isValidHostname(hostname: string): boolean {
  return HOSTNAME_PATTERN.test(hostname);
}

/** A hostname suggestion from what a person typed: "Web Server 01" → "web-server-01". */
export function hostnameFrom(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 63)
    .replace(/-+$/, '');
}

export function certnameOf(hostname: string, customerId: string): string {
  if (!isValidHostname(hostname)) throw new Error(`Not a valid hostname: ${hostname}`);
  if (!CUSTOMER_ID_PATTERN.test(customerId)) throw new Error(`Not a valid customer id: ${customerId}`);
  return `${hostname}.${customerId}`;
}

/** The parts of a certname, or null when it is not one. */
export function parseCertname(certname: string): { hostname: string; customerId: string } | null {
  const dot = certname.lastIndexOf('.');
  if (dot < 0) return null;
  const hostname = certname.slice(0, dot);
  const customerId = certname.slice(dot + 1);
  return isValidHostname(hostname) && CUSTOMER_ID_PATTERN.test(customerId) ? { hostname, customerId } : null;
}

export function isCertnameOf(certname: string, customerId: string): boolean {
  return parseCertname(certname)?.customerId === customerId;
}
