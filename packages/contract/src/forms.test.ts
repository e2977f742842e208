import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { NewPassword, PASSWORD_MIN_LENGTH, PasswordChange, PasswordConfirmation } from './account';
import { ImpersonateBody, LoginBody } from './auth';

/** Browsers' forms send an empty field as missing: it must get the same message as an empty one. */
function messagesFor(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('required fields say what is missing, empty or absent', () => {
  it.each([
    [LoginBody, { email: 'Enter your email address', password: 'Enter your password' }],
    [ImpersonateBody, { 'user-id': 'Not a valid user id', reason: 'Say why you need to act as this user' }],
    [
      PasswordChange,
      { current_password: 'Enter your current password', new_password: 'Choose a new password' },
    ],
    [PasswordConfirmation, { password: 'Enter your password' }],
  ] as const)('%#', (schema, expected) => {
    expect(messagesFor(schema, {})).toEqual(expected);
  });
});

it('names the minimum password length in its message', () => {
  const result = NewPassword.safeParse('x');
  expect(result.error?.issues[0]?.message).toBe(`Use at least ${PASSWORD_MIN_LENGTH} characters`);
});
