import { LOCATION_TOTP_PERIOD, locationAuthorization } from '@tidewatch/contract';
import { ApiError, type SiteClient } from '@tidewatch/contract/site-client';
import { generateTotpCode, matchTotpStep, newTotpSecret } from '@tidewatch/domain/totp';
import { describe, expect, it } from 'vitest';
import { LOCATION_CODE_PERIOD_S, locationBearer, visitorLocation } from './location';

const conversation = { id: '6f1c2d9e-8a57-4b1e-9d0c-3f4a5b6c7d8e', totp_secret: newTotpSecret() };

it("signs the lookup with the contract's bearer and a code the server accepts (period 100 s)", () => {
  const now = Date.parse('2026-06-01T12:00:00Z');
  expect(LOCATION_CODE_PERIOD_S).toBe(LOCATION_TOTP_PERIOD);
  const code = generateTotpCode(conversation.totp_secret, now, { period: LOCATION_TOTP_PERIOD });
  expect(locationBearer(conversation, now)).toBe(locationAuthorization(conversation.id, code));
  expect(
    matchTotpStep(conversation.totp_secret, code, now + 99_000, { period: LOCATION_TOTP_PERIOD }),
  ).not.toBeNull();
});

/** The two calls as the server answers them; the lookup's bearer is kept to check. */
function client(
  ip: () => Promise<{ ip: string }>,
  lookup: () => Promise<{ data: { city: string; country: string } }>,
) {
  const bearers: string[] = [];
  const api = {
    chat: {
      ip,
      userLocation: async (input: { headers?: Record<string, string> }) => {
        bearers.push(input.headers?.authorization ?? '');
        return lookup();
      },
    },
  } as unknown as Pick<SiteClient, 'chat'>;
  return { api, bearers };
}
const refused = (status: number) => () =>
  Promise.reject(
    new ApiError(
      status,
      { error: 'x', message: 'backend couldnt find user ip' },
      { method: 'GET', path: '/' },
    ),
  );

describe("the visitor's location, as the chat's location command", () => {
  it('is the city and country of the address the server saw', async () => {
    const { api, bearers } = client(
      async () => ({ ip: '192.0.2.1' }),
      async () => ({ data: { city: 'Aarhus', country: 'Denmark' } }),
    );
    expect(await visitorLocation(api, conversation)).toEqual({
      cmd: 'location',
      city: 'Aarhus',
      country: 'Denmark',
    });
    expect(bearers[0]).toMatch(new RegExp(`^Bearer ${conversation.id}:\\d{6}$`));
  });

  it("says 'unable to get user ip' when the address cannot be had", async () => {
    const { api } = client(refused(503), async () => ({ data: { city: '', country: '' } }));
    expect(await visitorLocation(api, conversation)).toEqual({
      cmd: 'location',
      error: 'unable to get user ip',
    });
  });

  it("says 'backend couldnt find user ip' when the lookup does not know the address", async () => {
    const { api } = client(async () => ({ ip: '10.0.0.1' }), refused(404));
    expect(await visitorLocation(api, conversation)).toEqual({
      cmd: 'location',
      error: 'backend couldnt find user ip',
    });
  });

  it('says nothing when the lookup fails otherwise', async () => {
    const { api } = client(async () => ({ ip: '10.0.0.1' }), refused(401));
    expect(await visitorLocation(api, conversation)).toBeNull();
  });
});
