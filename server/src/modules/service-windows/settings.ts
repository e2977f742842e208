import type { WindowSettings as SettingsBody } from '@tidewatch/contract';
import type { Weekday } from '@tidewatch/domain';
import type { WindowSettings } from '../../db/schema';

export const settingsFromBody = (body: SettingsBody): WindowSettings => ({
  weekdays: [...body.weekdays].sort(),
  start: body.start,
  durationMinutes: body.duration_minutes,
  timezone: body.timezone,
  rebootAllowed: body.reboot_allowed,
  appliesTo: body.applies_to,
  noticeMinutes: body.notice_minutes,
});

export const settingsToBody = (settings: WindowSettings): SettingsBody => ({
  weekdays: settings.weekdays as Weekday[],
  start: settings.start,
  duration_minutes: settings.durationMinutes,
  timezone: settings.timezone,
  reboot_allowed: settings.rebootAllowed,
  applies_to: settings.appliesTo,
  notice_minutes: settings.noticeMinutes,
});
