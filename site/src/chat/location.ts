import type { ClientFrame, LocationError } from '@tidewatch/contract';
import { ApiError, type SiteClient } from '@tidewatch/contract/site-client';
import { generateTotpCode } from '@tidewatch/domain/totp';

/** The location lookup's one-time code period (spec section 9); a test holds it to the contract's. */
export const LOCATION_CODE_PERIOD_S = 100;

/** The lookup's bearer: the conversation id and a fresh one-time code from its secret. */
export function locationBearer(conversation: { id: string; totp_secret: string }, now: number): string {
  const code = generateTotpCode(conversation.totp_secret, now, { period: LOCATION_CODE_PERIOD_S });
  return `Bearer ${conversation.id}:${code}`;
}

const failure = (error: LocationError): ClientFrame => ({ cmd: 'location', error });

/**
 * Where the visitor is, as the chat's location command: the city and country of their address,
 * or the spec's message for the step that failed (section 8). Null when the lookup failed for
 * another reason (a refused code, a server error): nothing is said rather than something wrong.
 */
export async function visitorLocation(
  api: Pick<SiteClient, 'chat'>,
  conversation: { id: string; totp_secret: string },
): Promise<ClientFrame | null> {
  const ip = await api.chat.ip().then(
    (answer) => answer.ip,
    () => null,
  );
  if (!ip) return failure('unable to get user ip');
  try {
    const { data } = await api.chat.userLocation({
      query: { userIp: ip },
      headers: { authorization: locationBearer(conversation, Date.now()) },
    });
    return { cmd: 'location', city: data.city, country: data.country };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return failure('backend couldnt find user ip');
    return null;
  }
}
