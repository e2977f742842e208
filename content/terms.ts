/**
 * The version of the terms and conditions in force: the date of content/legal/terms.*.mdx's
 * `updated`, which the terms page shows. A sign-up records it with the time it was accepted; the
 * site's build fails while the terms' date and this differ, so changed terms get a new version.
 */
export const TERMS_VERSION = '2026-11-01';
