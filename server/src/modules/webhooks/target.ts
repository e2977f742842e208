import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import { fillRefusal, WEBHOOK_REFUSALS } from '@tidewatch/contract';
import ipaddr from 'ipaddr.js';

/** Where a customer's webhooks may go: public addresses only unless the operator allows more. */
export interface TargetPolicy {
  /** Loopback, private, link-local and the like are allowed too (tests, a demo on one machine). */
  allowPrivate: boolean;
  /** Plain http is refused (production). */
  httpsOnly: boolean;
}

/** Why a target is refused, as a catalog message and its values. */
export class TargetRefused extends Error {
  constructor(
    readonly messageId: string,
    readonly values: Record<string, string> = {},
  ) {
    super(fillRefusal(messageId, values));
    this.name = 'TargetRefused';
  }
}

/** Only ordinary public unicast is reachable: no loopback, private, link-local (cloud metadata), CGNAT or reserved range. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

function checkAddress(address: string, policy: TargetPolicy): void {
  if (!policy.allowPrivate && !isPublicAddress(address)) {
    throw new TargetRefused(WEBHOOK_REFUSALS.privateTarget, { address });
  }
}

const bareHost = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

function resolveAll(host: string): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) =>
    dnsLookup(host, { all: true, verbatim: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    ),
  );
}

/**
 * Checks a target before it is stored: its scheme, and every address its name resolves to now.
 * Each delivery checks again at connection time (`guardedLookup`), since a name can change.
 */
export async function checkTarget(target: string, policy: TargetPolicy): Promise<void> {
  const url = new URL(target);
  if (policy.httpsOnly && url.protocol !== 'https:') throw new TargetRefused(WEBHOOK_REFUSALS.httpsOnly);
  const host = bareHost(url);
  if (isIP(host)) return checkAddress(host, policy);
  let addresses: LookupAddress[];
  try {
    addresses = await resolveAll(host);
  } catch {
    throw new TargetRefused(WEBHOOK_REFUSALS.unresolvable, { host });
  }
  for (const { address } of addresses) checkAddress(address, policy);
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for `http.request` that resolves the name and refuses a private answer, so the
 * connection goes to the address that was checked (no second resolution to rebind).
 */
export function guardedLookup(policy: TargetPolicy) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback) => {
    resolveAll(hostname).then(
      (addresses) => {
        try {
          for (const { address } of addresses) checkAddress(address, policy);
        } catch (error) {
          callback(error as NodeJS.ErrnoException, '');
          return;
        }
        if (options.all) callback(null, addresses);
        else callback(null, addresses[0]?.address ?? '', addresses[0]?.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, ''),
    );
  };
}

/** Checks a literal address in the target, which `http.request` connects to without a lookup. */
export function checkLiteralTarget(url: URL, policy: TargetPolicy): void {
  if (policy.httpsOnly && url.protocol !== 'https:') throw new TargetRefused(WEBHOOK_REFUSALS.httpsOnly);
  const host = bareHost(url);
  if (isIP(host)) checkAddress(host, policy);
}
