import { describe, expect, it } from 'vitest';
import type { $ZodType } from 'zod/v4/core';
import { safeParse } from 'zod/v4/core';
import { LoginBody } from './auth';
import { CV_FIELD, CV_MAX_BYTES, JobApplicationBody } from './careers';
import { StartConversationBody, VisitorMessageFrame } from './chat';
import { honeypot } from './common';
import { contract } from './index';
import { ContactBody, ResellerApplicationBody, SolutionsBriefBody } from './leads';
import { UnsubscribeBody } from './marketing';
import { ForgotPasswordBody, SetPasswordBody } from './passwords';
import { type RouteAddress, routeTableOf } from './route-table';
import { SignUpAccount, SignUpBilling, signUpBillingIn } from './signup';
import { SITE_ROUTES } from './site-client';
import {
  ChatDetailsForm,
  ChatMessageForm,
  ContactForm,
  ForgotPasswordForm,
  JobApplicationForm,
  LoginForm,
  ResellerApplicationForm,
  SetPasswordForm,
  SignUpAccountForm,
  SignUpBillingForm,
  SolutionsBriefForm,
  signUpBillingFormIn,
  TERMS_NOT_ACCEPTED,
  UnsubscribeForm,
} from './site-forms';
import { vatNumberFitsCountry } from './vat';

/** What a schema says of a value: the parsed value, or each field's messages. */
function verdict(schema: $ZodType, value: unknown) {
  const result = safeParse(schema, value);
  if (result.success) return { value: result.data };
  const fields: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.join('.');
    fields[field] = [...(fields[field] ?? []), issue.message];
  }
  return { fields };
}

const long = (length: number) => 'x'.repeat(length);
/** Values that reach each kind of rule: missing, blank, padded, too long, malformed, unstorable. */
const strings = [
  '',
  '   ',
  ' Ada ',
  long(201),
  long(5001),
  'not-an-email',
  ' Ada@Example.COM ',
  'a\0b',
  '+45 12 34 56 78',
  'DK',
  'Europe/Copenhagen',
];

function samples(fields: string[]): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [{}];
  for (const value of strings) out.push(Object.fromEntries(fields.map((field) => [field, value])));
  for (const field of fields)
    for (const value of strings)
      out.push({ ...Object.fromEntries(fields.map((name) => [name, 'ok@example.com'])), [field]: value });
  return out;
}

describe("the site's form rules agree with the contract's bodies", () => {
  it.each([
    ['login', LoginForm, LoginBody],
    ['forgot password', ForgotPasswordForm, ForgotPasswordBody.omit({ language: true })],
    ['unsubscribe', UnsubscribeForm, UnsubscribeBody],
    ['contact', ContactForm, ContactBody.omit({ language: true })],
    ['solutions brief', SolutionsBriefForm, SolutionsBriefBody.omit({ language: true })],
    ['reseller application', ResellerApplicationForm, ResellerApplicationBody.omit({ language: true })],
    ['sign-up account', SignUpAccountForm, SignUpAccount],
    ['sign-up billing', SignUpBillingForm, SignUpBilling.extend(honeypot)],
    ['chat details', ChatDetailsForm, StartConversationBody.pick({ name: true, email: true })],
    ['chat message', ChatMessageForm, VisitorMessageFrame.pick({ msg: true })],
  ] as const)('%s', (_, form, body) => {
    for (const value of samples(Object.keys(body.shape)))
      expect(verdict(form, value), JSON.stringify(value)).toEqual(verdict(body, value));
  });

  it('set password, for passwords outside the list of common ones', () => {
    for (const password of ['', 'short', long(12), long(257)]) {
      for (const token of ['', long(19), long(20), long(201)]) {
        expect(verdict(SetPasswordForm, { token, password })).toEqual(
          verdict(SetPasswordBody, { token, password }),
        );
      }
    }
  });
});

it('job application, with and without a CV of each size', () => {
  const cvs = [
    undefined,
    '',
    new File([], 'cv.pdf'),
    new File(['%PDF'], 'cv.pdf'),
    new File([new Uint8Array(CV_MAX_BYTES + 1)], 'cv.pdf'),
  ];
  const fields = Object.keys(JobApplicationBody.omit({ language: true, [CV_FIELD]: true }).shape);
  for (const cv of cvs)
    for (const value of samples(fields)) {
      const withCv = { ...value, [CV_FIELD]: cv };
      expect(verdict(JobApplicationForm, withCv), JSON.stringify(value)).toEqual(
        verdict(JobApplicationBody.omit({ language: true }), withCv),
      );
    }
});

/** A Danish customer's billing step, everything filled in but what a test varies. */
const billing = {
  address: 'Vej 1',
  city: 'Aarhus',
  zipcode: '8000',
  billing_email: 'a@b.dk',
  invoice_language: 'da',
};

it('sign-up billing takes a ticked terms checkbox as acceptance, and nothing else', () => {
  expect(verdict(SignUpBillingForm, { ...billing, terms_accepted: 'on' })).toMatchObject({
    value: { terms_accepted: true },
  });
  for (const terms_accepted of [undefined, '', 'off', 'true'])
    expect(verdict(SignUpBillingForm, { ...billing, terms_accepted })).toEqual({
      fields: { terms_accepted: [TERMS_NOT_ACCEPTED] },
    });
});

it('sign-up billing with the VAT checker, for a few countries', () => {
  for (const country of ['DK', 'DE', 'US'])
    for (const vat_id of ['', 'DK13585628', '13585628', 'DE123456789', 'NL123', 'ABCD1234']) {
      const value = { ...billing, vat_id };
      expect(verdict(signUpBillingFormIn(country, vatNumberFitsCountry), value)).toEqual(
        verdict(signUpBillingIn(country), value),
      );
    }
});

it("the site's routes are the contract's", () => {
  const table = routeTableOf(contract) as Record<string, Record<string, RouteAddress>>;
  for (const [group, routes] of Object.entries(SITE_ROUTES)) {
    for (const [name, route] of Object.entries(routes)) expect(route).toEqual(table[group]?.[name]);
  }
});
