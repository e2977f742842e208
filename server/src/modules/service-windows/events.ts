import type { WebhookEvent } from '@tidewatch/contract';
import type { ServiceWindowRow } from '../../db/schema';
import { queueWebhookEvent } from '../webhooks';
import { moveWindowStatuses } from './repository/booking';
import { type Db, groupNames } from './repository/common';
import { outcomeOf } from './repository/notices';

/** What every window event carries: the window's identity and version, its group and its time. */
async function windowData(db: Db, rows: ServiceWindowRow[]) {
  const groupOf = await groupNames(
    db,
    rows.map((row) => row.tagId),
  );
  return (row: ServiceWindowRow) => ({
    window_id: row.id,
    customer_id: row.customerId,
    group: groupOf(row.tagId)?.name ?? null,
    type: row.type,
    status: row.status,
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt.toISOString(),
    timezone: row.timezone,
    reboot_allowed: row.rebootAllowed,
    sequence: row.sequence,
  });
}

/** Queues one event per window for its customer's subscribed endpoints. */
export async function tellWindows(
  db: Db,
  event: Extract<WebhookEvent, `service_window.${string}`>,
  rows: ServiceWindowRow[],
  at: Date,
): Promise<void> {
  if (!rows.length) return;
  const dataOf = await windowData(db, rows);
  for (const row of rows) {
    const data: Record<string, unknown> = dataOf(row);
    if (event === 'service_window.completed') data.outcome = await outcomeOf(db, row.id);
    await queueWebhookEvent(db, row.customerId, event, data, at);
  }
}

/**
 * Moves windows along scheduled → open → closed | expired as of `now` and tells the customers'
 * webhooks of each window that started or ended (each move happens once, so each event is sent once).
 */
export async function advanceWindows(db: Db, now: Date, windowIds?: string[]): Promise<void> {
  const { opened, ended } = await moveWindowStatuses(db, now, windowIds);
  await tellWindows(db, 'service_window.started', opened, now);
  await tellWindows(db, 'service_window.completed', ended, now);
}
