/** The portal's own addresses: the only places a sign-in may return to. */
const PORTAL_PREFIXES = ['/user/', '/customer/', '/admin/'];

/**
 * The portal address a sign-in returns to, from an untrusted `next` parameter: a same-origin
 * path under a portal prefix, or null, so the login page never becomes an open redirect.
 */
export function safeReturnPath(next: string | null | undefined): string | null {
  if (!next || next.length > 2000) return null;
  // Backslashes and control characters are read as slashes or dropped by browsers.
  if (/[\\\p{Cc}]/u.test(next)) return null;
  if (!next.startsWith('/') || next.startsWith('//')) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(next);
  } catch {
    return null;
  }
  // Encoded slashes or backslashes could turn into a second leading slash further on.
  if (decoded.startsWith('//') || decoded.includes('\\')) return null;
  const url = new URL(next, 'http://portal.invalid');
  if (url.origin !== 'http://portal.invalid') return null;
  if (!PORTAL_PREFIXES.some((prefix) => url.pathname.startsWith(prefix))) return null;
  return url.pathname + url.search + url.hash;
}

/** The sign-in page's address that returns to `path` afterwards. */
export function loginPathReturningTo(loginPath: string, path: string): string {
  const returnPath = safeReturnPath(path);
  return returnPath ? `${loginPath}?next=${encodeURIComponent(returnPath)}` : loginPath;
}
