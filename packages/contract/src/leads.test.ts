import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ContactBody, ResellerApplicationBody, SolutionsBriefBody } from './leads';

function messagesFor(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('the lead forms', () => {
  it('say what is missing on an empty form', () => {
    expect(messagesFor(ContactBody, {})).toEqual({
      name: 'Enter your name',
      email: 'Enter your email address',
      message: 'Write your message',
    });
    expect(messagesFor(SolutionsBriefBody, {})).toEqual({
      name: 'Enter your name',
      email: 'Enter your email address',
      phone: 'Enter your phone number',
      company: 'Enter your company name',
      job_role: 'Enter your job role',
    });
    expect(messagesFor(ResellerApplicationBody, {})).toEqual({
      company: 'Enter your company name',
      name: 'Enter the name of the contact person',
      email: 'Enter your email address',
      country: 'Choose a country',
      expected_customers: 'Choose how many customers you expect',
    });
  });

  it('take optional fields left empty as absent, and the page language as English by default', () => {
    const parsed = ContactBody.parse({ name: 'Ada', email: 'ADA@example.com', company: '', message: 'Hi' });
    expect(parsed).toEqual({ name: 'Ada', email: 'ada@example.com', message: 'Hi', language: 'en' });
  });

  it.each([
    ['+45 12 34 56 78', true],
    ['(555) 123-4567', true],
    ['004512345678', true],
    ['12345', false],
    ['+45 12 34 56 78 ext. 9', false],
    ['1234567890123456', false],
  ])('a phone number %s is %s', (phone, valid) => {
    const result = SolutionsBriefBody.shape.phone.safeParse(phone);
    expect(result.success).toBe(valid);
  });
});
