import type { StaffQueue } from '@tidewatch/contract';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { customers, serviceWindowExemptions, serviceWindowProposals } from '../../../db/schema';
import { exemptionItems } from './exemptions';
import { proposalItems } from './proposals';

/** Every customer's proposals and exemptions that wait for staff, oldest first, with their customer. */
export async function staffQueue(db: Database): Promise<StaffQueue> {
  const [proposalRows, exemptionRows] = await Promise.all([
    db
      .select({ row: serviceWindowProposals, company_name: customers.companyName })
      .from(serviceWindowProposals)
      .innerJoin(customers, eq(customers.id, serviceWindowProposals.customerId))
      .where(eq(serviceWindowProposals.status, 'pending'))
      .orderBy(asc(serviceWindowProposals.proposedAt), asc(serviceWindowProposals.id)),
    db
      .select({ row: serviceWindowExemptions, company_name: customers.companyName })
      .from(serviceWindowExemptions)
      .innerJoin(customers, eq(customers.id, serviceWindowExemptions.customerId))
      .where(eq(serviceWindowExemptions.status, 'requested'))
      .orderBy(asc(serviceWindowExemptions.requestedAt), asc(serviceWindowExemptions.id)),
  ]);
  const [proposals, exemptions] = await Promise.all([
    proposalItems(
      db,
      proposalRows.map(({ row }) => row),
    ),
    exemptionItems(
      db,
      exemptionRows.map(({ row }) => row),
    ),
  ]);
  // Items keep their rows' ids (an exemption whose window is gone is left out), so names go by id.
  const names = new Map(
    [...proposalRows, ...exemptionRows].map(({ row, company_name }) => [
      row.id,
      { id: row.customerId, company_name },
    ]),
  );
  const customerOf = (id: string) => names.get(id) ?? { id: '', company_name: '' };
  return {
    proposals: proposals.map((item) => ({ ...item, customer: customerOf(item.id) })),
    exemptions: exemptions.map((item) => ({ ...item, customer: customerOf(item.id) })),
  };
}
