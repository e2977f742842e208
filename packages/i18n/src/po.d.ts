/** Catalogs are compiled at build time by the Lingui Vite plugin. */
declare module '*.po' {
  export const messages: Record<string, unknown>;
}
