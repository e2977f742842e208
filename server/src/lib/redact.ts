/** Names of fields, headers, cookies and parameters whose values are secrets. */
const SECRET_KEYS = [
  /pass(word|phrase)?|pwd/i,
  /secret|private[-_]?key|api[-_]?key/i,
  /token|credential/i,
  /cookie|session/i,
  /(^|[-_])auth($|[-_])|authori[sz]ation|authentication/i,
  /xsrf|csrf/i,
  /^(code|otp|totp)$|recovery[-_]?code/i,
];
/**
 * Our own secrets carry a prefix: install tokens (twi_), agent (twa_) and cluster (twc_)
 * credentials, calendar feed addresses (twcal_) and finance refresh tokens (twr_).
 */
const OWN_SECRET = /\b(tw(?:[acir]|cal)_)[\w-]{8,}/g;
/** A JWT (the finance API's access token): base64url JSON header and payload, then the signature. */
const JWT = /\beyJ[\w-]+\.eyJ[\w-]+\.[\w-]+/g;
/** `"name": "value"` inside text, as in a JSON body quoted in a stack. */
const QUOTED_PAIR = /("([^"\\]+)"\s*:\s*")((?:[^"\\]|\\.)*)"/g;
/** `Name: value` up to the end of the line or a quote, as in a header quoted in a stack. */
const HEADER_LINE = /(\b([\w-]+)\s*:[ \t]*)([^\r\n"]+)/g;
/** `name=value` in query strings, form bodies and cookie headers. */
const ASSIGNMENT = /(([\w.[\]-]+)=)([^&;\s"',]*)/g;
const BEARER = /(\b(?:bearer|basic)\s+)[\w.~+/-]+=*/gi;
const REDACTED = '[redacted]';
const MAX_DEPTH = 6;

const isSecretKey = (key: string) => SECRET_KEYS.some((pattern) => pattern.test(key));

/** A replacer for the pair patterns: groups are (text before the value, its key), the value follows. */
const redactPairOfSecretKey =
  (closing = '') =>
  (whole: string, before: string, key: string) =>
    isSecretKey(key) ? `${before}${REDACTED}${closing}` : whole;

/**
 * A copy with secrets replaced, at any depth: the values of secret-looking keys (passwords, tokens,
 * cookies, codes, keys) and, inside every string, secrets in the shapes text carries them in.
 */
export function redactSecrets(value: unknown, depth = 0): unknown {
  if (depth > MAX_DEPTH) return '[truncated]';
  if (typeof value === 'string') return redactSecretsInText(value);
  if (Array.isArray(value)) return value.map((item) => redactSecrets(item, depth + 1));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [
        key,
        isSecretKey(key) ? REDACTED : redactSecrets(item, depth + 1),
      ]),
    );
  }
  return value;
}

/** Secrets inside free text (URLs, stacks, messages): quoted pairs, header lines, parameters, our tokens. */
export function redactSecretsInText(text: string): string {
  return text
    .replace(QUOTED_PAIR, redactPairOfSecretKey('"'))
    .replace(HEADER_LINE, redactPairOfSecretKey())
    .replace(ASSIGNMENT, redactPairOfSecretKey())
    .replace(BEARER, `$1${REDACTED}`)
    .replace(OWN_SECRET, `$1${REDACTED}`)
    .replace(JWT, REDACTED);
}
