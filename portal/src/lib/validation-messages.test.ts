import { contract } from '@tidewatch/contract';
import { issueSentence } from '@tidewatch/contract/validation-messages';
import { activateLocale, formLanguage, i18n } from '@tidewatch/i18n';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import da from '../../../packages/i18n/locales/da/messages.po?raw';
import en from '../../../packages/i18n/locales/en/messages.po?raw';
import { NewClusterForm } from '../features/clusters/components/add-cluster-dialog';
import { AddServerFields } from '../features/servers/components/add-server';
import { NameForm } from '../features/settings/components/profile-card';
import { ConfirmForm } from '../features/settings/components/two-factor-card';
import { ContactForm } from '../features/teams/components/contact-form-dialog';

/** Every sentence a catalog holds, as a pattern in which each `{value}` stands for any text. */
function catalogSentences(locale: 'en' | 'da'): RegExp[] {
  const text = locale === 'da' ? da : en;
  return [...text.matchAll(/^msgstr "((?:[^"\\]|\\.)+)"/gm)].map(([, sentence = '']) => {
    const pattern = sentence
      .replace(/\\"/g, '"')
      .replace(/[.*+?^$()|[\]\\]/g, '\\$&')
      .replace(/\{\w+\}/g, '.+');
    return new RegExp(`^${pattern}$`, 's');
  });
}

/** Values a person (or a tampered form) can send for a field: empty, of the wrong kind, too long, unknown. */
const WRONG_VALUES: unknown[] = [
  undefined,
  '',
  ' ',
  'x',
  'not one of the options',
  12345,
  -5,
  1.5,
  true,
  [],
  {},
  'x'.repeat(5001),
];

/** Each form's schema: every body the contract accepts, and the portal's own forms around them. */
const FORMS: [string, z.ZodType][] = [
  ...Object.entries(contract).flatMap(([domain, routes]) =>
    Object.entries(routes).flatMap(([name, route]) =>
      route.body ? [[`${domain}.${name}`, route.body] as [string, z.ZodType]] : [],
    ),
  ),
  ['add cluster', NewClusterForm],
  ['add server', AddServerFields],
  ['profile name', NameForm],
  ['two-factor code', ConfirmForm],
  ['team contact', ContactForm],
];

/** Whole bodies and every field alone set to each wrong value, the rest left empty. */
function wrongInputs(schema: z.ZodType): unknown[] {
  const keys = schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
  return [...WRONG_VALUES, ...keys.flatMap((key) => WRONG_VALUES.map((value) => ({ [key]: value })))];
}

/** What a form shows for an input, the way useSchemaForm makes it: zod's issues through the sentence map. */
function shownMessages(schema: z.ZodType, input: unknown): string[] {
  const { translate } = formLanguage(i18n);
  const result = schema.safeParse(input, { error: (issue) => translate(...issueSentence(issue)) });
  return result.success ? [] : result.error.issues.map((issue) => translate(issue.message));
}

describe.each(['en', 'da'] as const)('every validation message in %s', (locale) => {
  afterAll(() => activateLocale('en'));

  it.each(FORMS)('is a sentence from the catalog: %s', async (_name, schema) => {
    await activateLocale(locale);
    const sentences = catalogSentences(locale);
    const raw = new Set(
      wrongInputs(schema)
        .flatMap((input) => shownMessages(schema, input))
        .filter((message) => !sentences.some((sentence) => sentence.test(message))),
    );
    expect([...raw]).toEqual([]);
  });
});
