import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { WEBHOOK_TEST_EVENT, type WebhookEvent } from '@tidewatch/contract';

/** What each event a webhook can subscribe to is called on the page. */
export const WEBHOOK_EVENT_LABELS = {
  'service_window.scheduled': msg`Service window scheduled`,
  'service_window.changed': msg`Service window changed`,
  'service_window.cancelled': msg`Service window cancelled`,
  'service_window.started': msg`Service window started`,
  'service_window.completed': msg`Service window completed`,
  'exemption.decided': msg`Exemption decided`,
  'server.stale': msg`Server stopped reporting`,
  'server.recovered': msg`Server reporting again`,
  'change_request.merged': msg`Change request merged`,
  'invoice.issued': msg`Invoice issued`,
  'expense_ceiling.threshold': msg`Expense ceiling threshold reached`,
} as const satisfies Record<WebhookEvent, MessageDescriptor>;

/** The events in the form's groups, in the order the form shows them. */
export const WEBHOOK_EVENT_GROUPS: { label: MessageDescriptor; events: WebhookEvent[] }[] = [
  {
    label: msg`Service windows`,
    events: [
      'service_window.scheduled',
      'service_window.changed',
      'service_window.cancelled',
      'service_window.started',
      'service_window.completed',
      'exemption.decided',
    ],
  },
  { label: msg`Servers`, events: ['server.stale', 'server.recovered'] },
  { label: msg`Configuration`, events: ['change_request.merged'] },
  { label: msg`Billing`, events: ['invoice.issued', 'expense_ceiling.threshold'] },
];

/** A delivered event's name: its label, "Test event" for a test send, or the type itself for one this page does not know. */
export function webhookEventLabel(event: string): MessageDescriptor | string {
  if (event === WEBHOOK_TEST_EVENT) return msg`Test event`;
  return WEBHOOK_EVENT_LABELS[event as WebhookEvent] ?? event;
}
