import { ApiError } from '@tidewatch/contract/client';
import { activateLocale } from '@tidewatch/i18n';
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
