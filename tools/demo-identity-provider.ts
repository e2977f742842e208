/**
 * The demo's identity provider: a real OpenID Connect provider on 127.0.0.1:4011 that Globex
 * (seeded) signs in through. `pnpm dev` starts it beside the server; `pnpm demo:idp` alone.
 */
import { DEMO_IDENTITY_PROVIDER as demo } from '../server/src/seed/demo-identity-provider';
import { startIdentityProvider } from './support/identity-provider';

const publicUrl = (process.env.PUBLIC_URL ?? `http://localhost:${process.env.PORT ?? 3000}`).replace(
  /\/$/,
  '',
);
const provider = await startIdentityProvider({
  port: demo.port,
  clientId: demo.clientId,
  clientSecret: demo.clientSecret,
  redirectUris: [`${publicUrl}/api/auth/sso/callback`],
  accounts: new Map(
    Object.entries(demo.accounts).map(([login, account]) => [
      login,
      { ...account, groups: [...account.groups] },
    ]),
  ),
});
const people = Object.keys(demo.accounts).join(' or ');
process.stdout.write(`Demo identity provider at ${provider.issuer}: sign in as ${people}, any password\n`);
const stop = () => void provider.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
