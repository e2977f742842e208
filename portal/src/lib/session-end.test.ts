import { beforeEach, describe, expect, it, vi } from 'vitest';
// Compiled once here, so each case's fresh load below is quick.
import './session-end';

/** The hook as ofetch calls it: the answer's status and the route the call went to. */
const failure = (status: number, route: object) =>
  ({ response: new Response(null, { status }), options: { route } }) as never;

/** The session ends once per page, so each case loads the modules afresh. */
async function freshPage() {
  vi.resetModules();
  await (await import('@tidewatch/i18n')).activateLocale('en');
  const { routeTable } = await import('@tidewatch/contract/client');
  return { routeTable, ...(await import('./session-end')) };
}

describe("the API clients' onResponseError hook", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(window.location, 'assign').mockImplementation(() => {});
  });

  it('leaves a 401 that is the call’s answer alone: the session check, sign-in, a refused refresh token', async () => {
    const { endSessionOnFailure, sessionEnded, routeTable } = await freshPage();
    for (const route of [
      routeTable.auth.session,
      routeTable.auth.login,
      routeTable.auth.refreshFinanceTokens,
    ])
      endSessionOnFailure(failure(401, route));
    endSessionOnFailure(failure(417, routeTable.servers.list));
    expect(sessionEnded()).toBe(false);
  });

  it('ends the session on any other 401 and goes to sign-in, returning here', async () => {
    const { endSessionOnFailure, sessionEnded, routeTable } = await freshPage();
    window.history.replaceState(null, '', '/customer/servers');
    endSessionOnFailure(failure(401, routeTable.servers.list));
    expect(sessionEnded()).toBe(true);
    vi.runAllTimers();
    expect(window.location.assign).toHaveBeenCalledWith('/login?next=%2Fcustomer%2Fservers');
  });

  it('says nothing of the end a sign-out here brings, unless the sign-out failed', async () => {
    const { expireSession, sessionEnded, signingOutHere } = await freshPage();
    signingOutHere(true);
    expireSession();
    vi.runAllTimers();
    expect(window.location.assign).not.toHaveBeenCalled();
    signingOutHere(false);
    expect(sessionEnded()).toBe(false);
    expireSession();
    vi.runAllTimers();
    expect(window.location.assign).toHaveBeenCalledOnce();
  });

  it('sends a 417 on a count straight to sign-in', async () => {
    const { endSessionOnFailure, sessionEnded, routeTable } = await freshPage();
    endSessionOnFailure(failure(417, routeTable.counts.admin));
    expect(sessionEnded()).toBe(true);
    expect(window.location.assign).toHaveBeenCalledWith('/login');
  });
});
