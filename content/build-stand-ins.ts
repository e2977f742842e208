/**
 * Values the site is built with and the server replaces when it starts
 * (server/src/plugins/public-origin.ts), so one build or image serves any address.
 */

/**
 * The stand-in for PUBLIC_URL in absolute addresses (canonical, sitemap, RSS, PDFs' links). Longer
 * than most real origins: the PDFs wrap their text around it, so a shorter address only shortens a line.
 */
export const BUILD_ORIGIN = 'https://public-url-given-at-run-time.invalid';

/**
 * The stand-in for the status page's address (STATUS_URL), which the site's footer links to. Without
 * a STATUS_URL the server takes the link out, list item and all, rather than leave it pointing nowhere.
 */
export const BUILD_STATUS_URL = 'https://status-url-given-at-run-time.invalid';
