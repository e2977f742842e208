import catalogs from 'virtual:island-catalogs';

/**
 * What a site form loads when the visitor first reaches it (decision 0082): the contract's rules
 * with zod's small build, the check that runs them, and the catalogs of what they and the server
 * can answer (the rules' messages, the server's refusals), which join the island's catalog.
 */
export * as forms from '@tidewatch/contract/site-forms';
export { SITE_REFUSALS } from '@tidewatch/contract/site-refusals';
export { checkTextForm } from '@tidewatch/ui/check-text-form';
export { catalogs };
