/** Paths the portal (a single-page app) owns; every one of them gets its index.html. */
export const PORTAL_PATH = /^\/(user|customer|admin)(\/|$)/;
