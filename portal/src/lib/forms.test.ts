import { i18n } from '@lingui/core';
import { FIELD_REFUSALS } from '@tidewatch/contract';
import { ApiError } from '@tidewatch/contract/client';
import { activateLocale, formLanguage } from '@tidewatch/i18n';
import { afterEach, describe, expect, it } from 'vitest';
import { apiFormErrors } from './forms';

const route = { method: 'POST', path: '/user/me/password' };

describe('a refused form submission', () => {
  afterEach(() => activateLocale('en'));

  it('says a throttled try in the reader’s language, not in the server’s words', async () => {
    const throttled = new ApiError(
      429,
      { error: 'Too Many Requests', message: 'Too many wrong passwords. Try again in 15 minutes.' },
      route,
    );
    await activateLocale('da');
    expect(apiFormErrors(throttled)).toEqual({
      formErrors: ['For mange forkerte forsøg. Vent et par minutter, og prøv så igen.'],
    });
  });

  it('says a throttled invitation with the server’s refusal, which the catalog holds', () => {
    const throttled = new ApiError(
      429,
      { error: 'Too Many Requests', message: FIELD_REFUSALS.invitationsPerHour },
      { method: 'POST', path: '/users' },
    );
    expect(apiFormErrors(throttled)).toEqual({ formErrors: [FIELD_REFUSALS.invitationsPerHour] });
  });

  it('holds the invitation refusals in Danish', async () => {
    await activateLocale('da');
    const { translate } = formLanguage(i18n);
    expect(translate(FIELD_REFUSALS.invitationsPerHour)).toBe(
      'Du har sendt så mange invitationer, som du må i denne time; prøv igen senere',
    );
    expect(translate(FIELD_REFUSALS.recipientMailCap)).toBe(
      'Denne adresse har fået så mange mails fra os, som den må i denne time; prøv igen senere',
    );
  });

  it('keeps the server’s field errors in their fields', () => {
    const refused = new ApiError(
      400,
      {
        error: 'Bad Request',
        message: 'That is not your current password',
        fieldErrors: { current_password: ['That is not your current password'] },
      },
      route,
    );
    expect(apiFormErrors(refused)).toEqual({
      fieldErrors: { current_password: ['That is not your current password'] },
      formErrors: [],
    });
  });
});
