import { Trans } from '@lingui/react/macro';
import { clockChangeDuring, formatDuration } from '@tidewatch/domain';
import { Clock } from 'lucide-react';
import { Fragment } from 'react';
import * as styles from './service-windows.css';

/** `Europe/Copenhagen`, breaking (when it must) only after a slash, never inside a name. */
export function ZoneName({ zone }: { zone: string }) {
  const parts = zone.replaceAll('_', ' ').split('/');
  return (
    <span className={styles.zoneName}>
      {parts.map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a zone's parts never move
        <Fragment key={index}>
          {index > 0 && (
            <>
              /<wbr />
            </>
          )}
          {part}
        </Fragment>
      ))}
    </span>
  );
}

/** The local start in the window's own zone: `02:00 Europe/Copenhagen`. */
export function ZonedStart({
  startsAt,
  timeZone,
  locale,
}: {
  startsAt: string;
  timeZone: string;
  locale: string;
}) {
  const time = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', timeZone }).format(
    new Date(startsAt),
  );
  return (
    <>
      {time} <ZoneName zone={timeZone} />
    </>
  );
}

/** Says so when the window's zone changes its clocks while the window runs (decision 41: it lasts its real duration). */
export function ClockChangeNote({
  window,
}: {
  window: { starts_at: string; ends_at: string; timezone: string };
}) {
  const change = clockChangeDuring(new Date(window.starts_at), new Date(window.ends_at), window.timezone);
  if (change === 0) return null;
  const by = formatDuration(Math.abs(change));
  return (
    <span className={styles.clockChange}>
      <Clock size={14} aria-hidden="true" />
      {change > 0 ? (
        <Trans>The clocks go forward {by} during this window</Trans>
      ) : (
        <Trans>The clocks go back {by} during this window</Trans>
      )}
    </span>
  );
}
