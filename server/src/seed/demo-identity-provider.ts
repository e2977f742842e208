/**
 * The demo's identity provider (`pnpm demo:idp`, started by `pnpm dev`): Globex signs in through it.
 * tools/demo-identity-provider.ts serves it with these values; the seed configures Globex with them.
 */
export const DEMO_IDENTITY_PROVIDER = {
  issuer: 'http://127.0.0.1:4011',
  port: 4011,
  clientId: 'tidewatch-demo',
  clientSecret: 'demo-client-secret-not-for-production',
  domain: 'globex.example',
  adminsGroup: 'globex-admins',
  /** Its people, by login name: the login page fills in the address, and any password will do. */
  accounts: {
    'ines@globex.example': { email: 'ines@globex.example', name: 'Ines Holm', groups: ['globex-admins'] },
    'oskar@globex.example': { email: 'oskar@globex.example', name: 'Oskar Berg', groups: ['globex-staff'] },
  },
} as const;
