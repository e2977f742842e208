const SECRET_KEY =
  /pass(word)?|secret|token|cookie|authori[sz]ation|xsrf|csrf|session|api[-_]?key|^code$|otp/i;
const MAX_DEPTH = 6;

/**
 * A copy with the values of secret-looking keys (passwords, tokens, cookies, codes) replaced,
 * at any depth, so reports can be stored and read without leaking credentials.
 */
export function redactSecrets(value: unknown, depth = 0): unknown {
  if (depth > MAX_DEPTH) return '[truncated]';
  if (Array.isArray(value)) return value.map((item) => redactSecrets(item, depth + 1));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [
        key,
        SECRET_KEY.test(key) ? '[redacted]' : redactSecrets(item, depth + 1),
      ]),
    );
  }
  return value;
}

/** Tokens that appear inside URLs and stack text (query parameters, bearer headers). */
export function redactSecretsInText(text: string): string {
  return text
    .replace(/([?&][^=&\s]*(?:token|password|secret|code)[^=&\s]*=)[^&\s"']*/gi, '$1[redacted]')
    .replace(/(bearer\s+)[\w.~+/-]+=*/gi, '$1[redacted]');
}
