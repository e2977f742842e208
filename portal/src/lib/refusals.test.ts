import { REFUSALS, ROLE_REFUSALS } from '@tidewatch/contract';
import { ApiError } from '@tidewatch/contract/client';
import { activateLocale } from '@tidewatch/i18n';
import { afterEach, describe, expect, it } from 'vitest';
import { readerFieldErrors, refusalText } from './refusals';

const route = { method: 'POST', path: '/admin/hours/entries' };
const overlap = new ApiError(
  409,
  {
    error: 'Conflict',
    message: 'This overlaps your entry for Acme Corp on 2026-11-26, 08:30–08:40',
    fieldErrors: { start_minute: ['This overlaps your entry for Acme Corp on 2026-11-26, 08:30–08:40'] },
    messageId: REFUSALS.entryOverlaps,
    values: { customer: 'Acme Corp', date: '2026-11-26', start: '08:30', end: '08:40' },
  },
  route,
);

describe('a refusal from the server', () => {
  afterEach(() => activateLocale('en'));

  it('is said in Danish from its id and values, with the date and times as Danes write them', async () => {
    await activateLocale('da');
    const danish = 'Dette overlapper din registrering for Acme Corp den 26. nov. 2026 kl. 08.30–08.40';
    expect(refusalText(overlap)).toBe(danish);
    expect(readerFieldErrors(overlap)).toEqual({ start_minute: [danish] });
  });

  it('is said in English with the date formatted, not as ISO', async () => {
    await activateLocale('en');
    expect(refusalText(overlap)).toBe('This overlaps your entry for Acme Corp on Nov 26, 2026, 08:30–08:40');
  });

  it('without parameters is translated by its text', async () => {
    await activateLocale('da');
    const signIn = new ApiError(401, { error: 'Unauthorised', message: REFUSALS.signInToContinue }, route);
    expect(refusalText(signIn)).toBe('Log ind for at fortsætte');
  });

  it('names each field error with parameters by its id, so every field is said in Danish', async () => {
    await activateLocale('da');
    const refused = new ApiError(
      400,
      {
        error: 'Bad Request',
        message: 'Some fields need attention',
        fieldErrors: {
          'parameters.nginx.worker_processes': ['Enter at least 1'],
          'parameters.nginx.colour': ['Not a parameter of this role'],
        },
        fieldMessages: {
          'parameters.nginx.worker_processes': [{ messageId: ROLE_REFUSALS.atLeast, values: { min: 1 } }],
          'parameters.nginx.colour': [{ messageId: ROLE_REFUSALS.notAParameter }],
        },
      },
      route,
    );
    expect(readerFieldErrors(refused)).toEqual({
      'parameters.nginx.worker_processes': ['Angiv mindst 1'],
      'parameters.nginx.colour': ['Ikke en parameter for denne rolle'],
    });
  });
});
