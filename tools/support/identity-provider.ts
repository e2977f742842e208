import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** A person at the provider: what its ID token and userinfo say about them. */
export interface ProviderAccount {
  email: string;
  name: string;
  groups: string[];
}

export interface IdentityProviderOptions {
  /** 0 for any free port. */
  port: number;
  clientId: string;
  clientSecret: string;
  /** Our redirect URIs (PUBLIC_URL + /api/auth/sso/callback). */
  redirectUris: string[];
  /** By login name, which is also the subject (`sub`); changed and emptied between steps of a test. */
  accounts: Map<string, ProviderAccount>;
}

export interface RunningIdentityProvider {
  issuer: string;
  provider: Provider;
  close(): Promise<void>;
}

/**
 * A real OpenID Connect provider (oidc-provider, the certified implementation) on 127.0.0.1, for
 * tests and the demo. Its own development pages sign anyone in by login name with any password
 * and ask for consent; it issues refresh tokens for `offline_access`, and it looks each account up
 * again at every refresh, so removing one makes its next refresh fail.
 */
export async function startIdentityProvider(
  options: IdentityProviderOptions,
): Promise<RunningIdentityProvider> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(options.port, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
      },
    ],
    claims: { email: ['email', 'email_verified'], profile: ['name'], groups: ['groups'] },
    scopes: ['openid', 'offline_access', 'email', 'profile', 'groups'],
    async findAccount(_context, id) {
      const account = options.accounts.get(id);
      if (!account) return undefined;
      return {
        accountId: id,
        claims: async () => ({
          sub: id,
          email: account.email,
          email_verified: true,
          name: account.name,
          groups: account.groups,
        }),
      };
    },
    cookies: { keys: ['tidewatch-demo-identity-provider'] },
    features: { devInteractions: { enabled: true } },
  });
  // Its development pages warn on the console at every start; tests and the demo know.
  provider.on('server_error', (_context, error) => console.error('identity provider:', error));
  server.on('request', provider.callback());
  return {
    issuer,
    provider,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/**
 * Goes through the provider's development pages as a browser would (cookies kept, redirects
 * followed by hand): signs in as `login`, consents, and returns the address the provider sends the
 * browser back to (our callback, with the code and state).
 */
export async function signInAtProvider(authorizationUrl: string, login: string): Promise<URL> {
  const cookies = new Map<string, string>();
  let url = new URL(authorizationUrl);
  const origin = url.origin;
  let form: Record<string, string> | null = null;
  for (let step = 0; step < 20; step++) {
    const response: Response = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(form && { 'content-type': 'application/x-www-form-urlencoded' }),
      },
      ...(form && { body: new URLSearchParams(form).toString() }),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const separator = pair.indexOf('=');
      cookies.set(pair.slice(0, separator), pair.slice(separator + 1));
    }
    form = null;
    const location = response.headers.get('location');
    if (location) {
      url = new URL(location, url);
      if (url.origin !== origin) return url;
      continue;
    }
    const page: string = await response.text();
    const action = /action="([^"]+)"/.exec(page)?.[1];
    if (!action) throw new Error(`the provider answered ${response.status} without a form: ${page}`);
    url = new URL(action, url);
    form = page.includes('name="login"')
      ? { prompt: 'login', login, password: 'any password' }
      : { prompt: 'consent' };
  }
  throw new Error('the provider kept redirecting');
}
