import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import * as contract from '@tidewatch/contract';
import { describe, expect, it } from 'vitest';

/** Every refusal catalog of the contract: each export named `…_REFUSALS`, `REFUSALS` or `…_MESSAGES`. */
const catalogs = Object.entries(contract).filter(
  ([name, value]) => /(^|_)(REFUSALS|MESSAGES)$/.test(name) && typeof value === 'object' && value !== null,
) as [string, Record<string, string>][];
const refusals = catalogs.flatMap(([catalog, messages]) =>
  Object.entries(messages).map(([code, message]) => ({ code: `${catalog}.${code}`, message })),
);

/** msgid → msgstr of the Danish catalog. */
const danish = new Map(
  [
    ...readFileSync(new URL('../../packages/i18n/locales/da/messages.po', import.meta.url), 'utf8').matchAll(
      /^msgid "((?:[^"\\]|\\.)*)"\nmsgstr "((?:[^"\\]|\\.)*)"/gm,
    ),
  ].map(([, id = '', text = '']) => [JSON.parse(`"${id}"`) as string, JSON.parse(`"${text}"`) as string]),
);

/** The parameter names a message uses, `{name}` and `{name, plural|select, …}`, not its cases' text. */
function parameters(message: string): string[] {
  const names: string[] = [];
  let depth = 0;
  for (const [index, char] of [...message].entries()) {
    if (char === '{' && depth++ === 0) names.push(/^\{(\w+)/.exec(message.slice(index))?.[1] ?? '');
    if (char === '}') depth--;
  }
  return names.sort();
}

/** Every source file of the server that ships. */
function serverSources(directory = new URL('../src', import.meta.url).pathname): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(directory, entry.name);
    if (entry.isDirectory()) return serverSources(file);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [file] : [];
  });
}

/** The text of each call or `throw` that writes a refusal, from its start to its closing bracket or `;`. */
function refusalsWritten(source: string): string[] {
  const found: string[] = [];
  for (const start of source.matchAll(/\bthrow\s|(?<!function )\bsendError\(/g)) {
    let depth = 0;
    let end = start.index;
    for (; end < source.length; end++) {
      const char = source[end];
      if (char === '(' || char === '{' || char === '[') depth++;
      if (char === ')' || char === '}' || char === ']') depth--;
      if ((char === ';' && depth === 0) || depth < 0) break;
    }
    found.push(source.slice(start.index, end));
  }
  return found;
}

/** The string and template literals of a piece of source, in order. */
const literals = (text: string) =>
  [...text.matchAll(/'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`/g)].map(
    ([literal]) => literal,
  );

describe("the contract's refusal catalog", () => {
  it('has refusals to walk', () => {
    expect(refusals.length).toBeGreaterThan(100);
  });

  it.each(refusals)('says $code in Danish, with the same parameters', ({ message }) => {
    const translation = danish.get(message);
    expect(translation, `no Danish for "${message}"`).toBeTruthy();
    expect(parameters(translation ?? '')).toEqual(parameters(message));
  });
});

describe("the server's refusals", () => {
  it('are all catalog messages: none is English written or interpolated at run time', () => {
    const written = serverSources().flatMap((file) =>
      refusalsWritten(readFileSync(file, 'utf8'))
        // Only HttpError reaches a caller: any other error is a fault, answered as REFUSALS.serverFault,
        // or the operator's (configuration, data transfer) at the command line.
        .filter((text) => !/^throw\s+new (?!HttpError)\w*Error\(/.test(text))
        // A quoted text with words apart in it is a sentence; field names, codes and headers have none.
        .filter((text) => literals(text).some((literal) => /\p{L}\s+\p{L}/u.test(literal)))
        .map((text) => `${path.relative(process.cwd(), file)}: ${text.replace(/\s+/g, ' ')}`),
    );
    expect(written).toEqual([]);
  });

  it('build no message from interpolated text before they throw it', () => {
    const built = serverSources().flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/\b(?:message|refusal)\w*\s*=\s*`[^`]*\$\{[^`]*`/gi)].map(
        ([text]) => `${path.relative(process.cwd(), file)}: ${text}`,
      ),
    );
    expect(built).toEqual([]);
  });
});
