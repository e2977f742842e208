import { REFUSALS } from '@tidewatch/contract';
import type { Tenant } from '../../core/tenant';
import type { Database } from '../../db/client';
import type { ServiceWindowExemptionRow, ServiceWindowProposalRow } from '../../db/schema';
import { conflict, notFound } from '../../lib/http-error';
import { queueWebhookEvent } from '../webhooks';
import { advanceWindows } from './events';
import { answerRequestedExemption, exemptionExists, exemptTargets } from './repository/exemptions';
import { answerPendingProposal, proposalExists } from './repository/proposals';
import { applyConfiguration } from './service';

/** Staff's answer to a customer's proposal or request to skip. */
export interface Decision {
  decision: 'accept' | 'reject';
  comment: string;
  byId: string;
}

/** Answers a pending proposal; accepting it makes its settings the group's next configuration. */
export function resolveProposal(
  db: Database,
  tenant: Tenant,
  proposalId: string,
  { decision, comment, byId }: Decision,
  now: Date,
): Promise<ServiceWindowProposalRow> {
  return db.transaction(async (tx) => {
    const row = await answerPendingProposal(tx, tenant, proposalId, {
      status: decision === 'accept' ? 'accepted' : 'rejected',
      resolvedAt: now,
      resolvedById: byId,
      resolutionComment: comment,
    });
    if (!row) {
      throw (await proposalExists(tx, tenant, proposalId))
        ? conflict(REFUSALS.proposalAnswered)
        : notFound(REFUSALS.noSuchProposal);
    }
    if (decision === 'accept') {
      await applyConfiguration(
        tx,
        { tagId: row.tagId, customerId: tenant.customerId, settings: row.settings, byId, proposalId: row.id },
        now,
      );
    }
    return row;
  });
}

/** Answers a request to skip a window; approving it takes its machines out of the window. */
export async function resolveExemption(
  db: Database,
  tenant: Tenant,
  exemptionId: string,
  { decision, comment, byId }: Decision,
  now: Date,
): Promise<ServiceWindowExemptionRow> {
  const resolved = await db.transaction(async (tx) => {
    const row = await answerRequestedExemption(tx, tenant, exemptionId, {
      status: decision === 'accept' ? 'approved' : 'rejected',
      resolvedAt: now,
      resolvedById: byId,
      resolutionComment: comment,
    });
    if (!row) {
      throw (await exemptionExists(tx, tenant, exemptionId))
        ? conflict(REFUSALS.exemptionAnswered)
        : notFound(REFUSALS.noSuchExemption);
    }
    if (decision === 'accept') await exemptTargets(tx, row);
    await queueWebhookEvent(
      tx,
      row.customerId,
      'exemption.decided',
      {
        customer_id: row.customerId,
        exemption_id: row.id,
        window_id: row.windowId,
        certnames: row.certnames,
        decision: row.status,
        comment: row.resolutionComment,
      },
      now,
    );
    return row;
  });
  await advanceWindows(db, now, [resolved.windowId]);
  return resolved;
}
