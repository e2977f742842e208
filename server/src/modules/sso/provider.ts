import * as oidc from 'openid-client';

/** Seconds a call to a customer's provider may take. */
const PROVIDER_TIMEOUT_SECONDS = 10;
/** How long a provider's discovered metadata is reused before it is asked again. */
const DISCOVERY_TTL_MS = 10 * 60_000;
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);
/** Asked for when the provider lists them; `openid` always. */
const OPTIONAL_SCOPES = ['email', 'profile', 'groups', 'offline_access'];

export interface ProviderPolicy {
  /** `http://` issuers on the loopback host (tests, the demo): never in production (decision). */
  allowLoopbackHttp: boolean;
}

export interface ProviderClient {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** What the provider says about the person, from its ID token and its userinfo. */
export interface ProviderIdentity {
  subject: string;
  email: string | null;
  /** False only when the provider says the address is not verified. */
  emailVerified: boolean;
  name: string | null;
  groups: string[];
}

/** The provider could not be asked (network, timeout, no discovery document): not its refusal. */
export class ProviderUnreachableError extends Error {
  override name = 'ProviderUnreachableError';
}

/** Whether an issuer may be used at all: https, or http on this machine outside production. */
function issuerAllowed(issuer: string, policy: ProviderPolicy): boolean {
  const url = new URL(issuer);
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && policy.allowLoopbackHttp && LOOPBACK_HOSTS.has(url.hostname);
}

/**
 * The customers' OpenID Connect providers through openid-client: discovery (kept for a few
 * minutes per issuer, client and secret), the authorization URL with PKCE, the code exchange with
 * its state, nonce and PKCE checks, and the refresh that confirms a session later.
 */
export function createProviders(policy: ProviderPolicy) {
  const discovered = new Map<string, { config: Promise<oidc.Configuration>; until: number }>();

  async function discover(client: ProviderClient): Promise<oidc.Configuration> {
    const issuer = new URL(client.issuer);
    try {
      return await oidc.discovery(
        issuer,
        client.clientId,
        client.clientSecret,
        oidc.ClientSecretBasic(client.clientSecret),
        {
          timeout: PROVIDER_TIMEOUT_SECONDS,
          execute: issuer.protocol === 'http:' ? [oidc.allowInsecureRequests] : [],
        },
      );
    } catch (error) {
      throw new ProviderUnreachableError(`discovery of ${client.issuer} failed`, { cause: error });
    }
  }

  async function configOf(client: ProviderClient): Promise<oidc.Configuration> {
    if (!issuerAllowed(client.issuer, policy))
      throw new ProviderUnreachableError(`${client.issuer} is not allowed`);
    const key = `${client.issuer}\n${client.clientId}\n${client.clientSecret}`;
    const now = Date.now();
    const kept = discovered.get(key);
    if (kept && kept.until > now) return kept.config;
    const config = discover(client);
    discovered.set(key, { config, until: now + DISCOVERY_TTL_MS });
    // A failed discovery is not kept: the next sign-in asks again.
    config.catch(() => discovered.delete(key));
    return config;
  }

  /**
   * The identity from a token response: the ID token's claims (a refresh may come without one),
   * completed by userinfo where the provider offers it. A refresh must name the same subject.
   */
  async function identityOf(
    config: oidc.Configuration,
    tokens: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers,
    knownSubject: string | null,
  ): Promise<ProviderIdentity> {
    const claims = tokens.claims();
    const subject = claims?.sub ?? knownSubject;
    if (!subject || (knownSubject && subject !== knownSubject)) {
      throw new Error('the provider answered for no one, or for someone else');
    }
    const userinfo = config.serverMetadata().userinfo_endpoint
      ? await oidc.fetchUserInfo(config, tokens.access_token, subject)
      : {};
    const merged: Record<string, unknown> = { ...claims, ...userinfo };
    const groups = Array.isArray(merged.groups)
      ? merged.groups.filter((group): group is string => typeof group === 'string')
      : [];
    return {
      subject,
      email: typeof merged.email === 'string' ? merged.email.toLowerCase() : null,
      emailVerified: merged.email_verified !== false,
      name: typeof merged.name === 'string' && merged.name.trim() ? merged.name.trim() : null,
      groups,
    };
  }

  return {
    allows: (issuer: string) => issuerAllowed(issuer, policy),

    /** Discovers the issuer afresh, as a change of the settings is checked; throws ProviderUnreachableError. */
    async check(client: ProviderClient): Promise<void> {
      if (!issuerAllowed(client.issuer, policy))
        throw new ProviderUnreachableError(`${client.issuer} is not allowed`);
      await discover(client);
    },

    /** Where to send the browser: the authorization code flow with PKCE (S256), state and nonce. */
    async authorizationUrl(
      client: ProviderClient,
      flow: { redirectUri: string; state: string; nonce: string; codeVerifier: string; loginHint: string },
    ): Promise<URL> {
      const config = await configOf(client);
      const supported = config.serverMetadata().scopes_supported;
      const scopes = [
        'openid',
        ...OPTIONAL_SCOPES.filter((scope) => supported?.includes(scope) ?? scope !== 'offline_access'),
      ];
      return oidc.buildAuthorizationUrl(config, {
        redirect_uri: flow.redirectUri,
        scope: scopes.join(' '),
        state: flow.state,
        nonce: flow.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(flow.codeVerifier),
        code_challenge_method: 'S256',
        login_hint: flow.loginHint,
        // OpenID Connect Core §11: offline access (a refresh token to recheck the session with) asks for consent.
        ...(scopes.includes('offline_access') && { prompt: 'consent' }),
      });
    },

    /** Exchanges the code the provider sent back, checking state, nonce and PKCE; throws openid-client's errors. */
    async signIn(
      client: ProviderClient,
      currentUrl: URL,
      checks: { state: string; nonce: string; codeVerifier: string },
    ): Promise<{ identity: ProviderIdentity; refreshToken: string | null }> {
      const config = await configOf(client);
      const tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        pkceCodeVerifier: checks.codeVerifier,
        idTokenExpected: true,
      });
      return { identity: await identityOf(config, tokens, null), refreshToken: tokens.refresh_token ?? null };
    },

    /** Asks the provider again with the refresh token: the identity now, or its refusal (thrown). */
    async refresh(
      client: ProviderClient,
      refreshToken: string,
      subject: string,
    ): Promise<{ identity: ProviderIdentity; refreshToken: string }> {
      const config = await configOf(client);
      const tokens = await oidc.refreshTokenGrant(config, refreshToken);
      return {
        identity: await identityOf(config, tokens, subject),
        refreshToken: tokens.refresh_token ?? refreshToken,
      };
    },
  };
}
export type Providers = ReturnType<typeof createProviders>;

/** Whether a failure is the provider's refusal or a failed check, rather than no answer at all. */
export function isRefusal(error: unknown): boolean {
  return (
    error instanceof oidc.ResponseBodyError ||
    error instanceof oidc.AuthorizationResponseError ||
    error instanceof oidc.ClientError
  );
}
