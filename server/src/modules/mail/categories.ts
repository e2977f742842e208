import type { MailCategory } from '@tidewatch/contract';

/** The mails a person may stop, by the kind they are queued with; any other mail always goes. */
export const CATEGORY_OF_KIND: Partial<Record<string, MailCategory>> = {
  'service-window-notice': 'window_notices',
  'service-window-changed': 'window_notices',
  'service-window-cancelled': 'window_notices',
  'service-window-outcome': 'window_outcomes',
  'expense-ceiling-warning': 'spend_alerts',
  'expense-ceiling-reached': 'spend_alerts',
  'invoice-issued': 'invoices',
  'credit-note-issued': 'invoices',
};
