import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { IsoDateTime, RowNumber, StorableJson, storableText, text } from './common';
import { contract } from './index';
import type { RouteDefinition } from './route';

/** Formats whose own pattern leaves no room for a NUL character. */
const CLOSED_FORMATS = new Set(['uuid', 'datetime', 'date', 'email']);

/** Every place in a request shape that takes text or free JSON, with its path, and whether it refuses what cannot be stored. */
function textFields(schema: z.ZodType, path: string, found: [string, boolean][] = []): [string, boolean][] {
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  const walk = (inner: unknown, suffix = '') => textFields(inner as z.ZodType, path + suffix, found);
  switch (def.type) {
    case 'string': {
      const checks = (def.checks as unknown[] | undefined) ?? [];
      found.push([path, checks.includes(storableText) || CLOSED_FORMATS.has(def.format as string)]);
      break;
    }
    case 'unknown':
    case 'any':
      found.push([path, schema === StorableJson]);
      break;
    case 'object':
      for (const [key, value] of Object.entries(def.shape as Record<string, unknown>)) walk(value, `.${key}`);
      break;
    case 'array':
      walk(def.element, '[]');
      break;
    case 'record':
      walk(def.keyType, '{key}');
      walk(def.valueType, '{value}');
      break;
    case 'union':
      for (const option of def.options as unknown[]) walk(option);
      break;
    case 'pipe':
      walk(def.in);
      walk(def.out);
      break;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      walk(def.innerType);
      break;
  }
  return found;
}

const requestParts = Object.entries(contract).flatMap(([group, routes]) =>
  Object.entries(routes as Record<string, RouteDefinition>).flatMap(([name, route]) =>
    (['params', 'query', 'body'] as const).flatMap((part) => {
      const schema = route[part];
      return schema ? [[`${group}.${name} ${part}`, schema] as const] : [];
    }),
  ),
);

describe('request shapes refuse what PostgreSQL cannot store', () => {
  it.each(requestParts)('%s: every text field refuses NUL', (_where, schema) => {
    const fields = textFields(schema, '');
    expect(fields.filter(([, refuses]) => !refuses).map(([path]) => path)).toEqual([]);
  });

  it('text refuses NUL and unpaired surrogates, and keeps other characters', () => {
    expect(text().safeParse('a\u0000b').success).toBe(false);
    expect(text().safeParse('a\ud800b').success).toBe(false);
    expect(text().safeParse('Ærø 😀 \t\n').success).toBe(true);
  });

  it('free JSON refuses NUL in any string or key, however deep', () => {
    expect(StorableJson.safeParse({ a: [{ b: 'x\u0000' }] }).success).toBe(false);
    expect(StorableJson.safeParse({ a: [{ 'k\u0000': 1 }] }).success).toBe(false);
    expect(StorableJson.safeParse({ a: ['\\u0000 as typed text'] }).success).toBe(true);
  });

  it('timestamps stay within 1970 to 9999 after the offset is applied', () => {
    expect(IsoDateTime.safeParse('0000-01-01T00:00:00Z').success).toBe(false);
    expect(IsoDateTime.safeParse('1969-12-31T23:59:59Z').success).toBe(false);
    expect(IsoDateTime.safeParse('9999-12-31T23:59:59-14:00').success).toBe(false);
    expect(IsoDateTime.safeParse('9999-12-31T23:59:59+14:00').success).toBe(true);
    expect(IsoDateTime.safeParse('1970-01-01T01:00:00+01:00').success).toBe(true);
  });

  it('row numbers stay within the integer column', () => {
    expect(RowNumber.safeParse('2147483647').success).toBe(true);
    expect(RowNumber.safeParse('2147483648').success).toBe(false);
    expect(RowNumber.safeParse('0').success).toBe(false);
  });
});
