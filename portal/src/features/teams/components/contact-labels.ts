import { msg } from '@lingui/core/macro';
import type { CONTACT_KINDS } from '@tidewatch/contract';

/** What a contact is reached for, as the team page and the contact form name it. */
export const CONTACT_KIND_LABELS = {
  alert: msg`Alerts`,
  billing: msg`Billing`,
  technical: msg`Technical`,
} as const satisfies Record<(typeof CONTACT_KINDS)[number], unknown>;
