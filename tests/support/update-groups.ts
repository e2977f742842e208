import type { WindowSettings } from '../../packages/contract/src/service-windows';

/** The demo's two update groups as Acme has them: Tuesday nights in Copenhagen, Sunday mornings in London. */
export const WEEKLY_PATCHING: WindowSettings = {
  weekdays: [2],
  start: '02:00',
  duration_minutes: 120,
  timezone: 'Europe/Copenhagen',
  reboot_allowed: true,
  applies_to: 'both',
  notice_minutes: 24 * 60,
};

export const MONTHLY_PATCHING: WindowSettings = {
  weekdays: [7],
  start: '04:00',
  duration_minutes: 180,
  timezone: 'Europe/London',
  reboot_allowed: false,
  applies_to: 'servers',
  notice_minutes: 48 * 60,
};
