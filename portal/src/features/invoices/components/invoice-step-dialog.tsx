import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Invoice } from '@tidewatch/contract';
import { ConfirmDialog, TextArea, TextInput } from '@tidewatch/ui';
import { useState } from 'react';
import { notify } from '../../../lib/notify';
import { type InvoiceStep, useInvoiceStep } from '../api/invoices';

export type InvoiceAction = InvoiceStep['action'];

const today = () => new Date().toLocaleDateString('sv-SE');

/**
 * Confirms one step of the lifecycle for one invoice or a selection: issuing (numbered and mailed),
 * recording a payment on a day, or crediting with a reason. Says what was done and what was refused.
 */
export function InvoiceStepDialog({
  action,
  invoices,
  onClose,
}: {
  action: InvoiceAction;
  invoices: Invoice[];
  onClose(done: boolean): void;
}) {
  const { t } = useLingui();
  const step = useInvoiceStep();
  const [paidOn, setPaidOn] = useState(today);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const count = invoices.length;
  const first = invoices[0]?.number ?? '';

  const confirm = () => {
    if (action === 'credit' && !reason.trim()) {
      setReasonError(t`Say why the invoice is credited`);
      return;
    }
    const chosen: InvoiceStep =
      action === 'issue'
        ? { action }
        : action === 'pay'
          ? { action, paid_on: paidOn }
          : { action, reason: reason.trim() };
    step.mutate(
      { step: chosen, invoices },
      {
        onSuccess: ({ done, refused }) => {
          const n = done.length;
          if (n > 0) {
            notify.success(
              action === 'issue'
                ? plural(n, { one: '# invoice issued and mailed', other: '# invoices issued and mailed' })
                : action === 'pay'
                  ? plural(n, { one: '# invoice marked paid', other: '# invoices marked paid' })
                  : t`Credit note ${done[0]?.credit_note?.number ?? ''} written and mailed`,
            );
          }
          for (const { invoice, message } of refused) {
            const name = invoice.number ?? invoice.company_name;
            notify.error(t`Not done for invoice ${name}`, message);
          }
          onClose(n > 0);
        },
        onError: () => notify.error(t`Could not reach the server; nothing more was changed`),
      },
    );
  };

  const copy = {
    issue: {
      title: plural(count, { one: 'Issue # invoice?', other: 'Issue # invoices?' }),
      description: t`Each gets the next number of its customer's series and is mailed with its PDF to the customer's billing contacts, who then see it in the portal. An issued invoice is never changed; a mistake is corrected with a credit note.`,
      confirm: plural(count, { one: 'Issue and mail', other: 'Issue and mail # invoices' }),
    },
    pay: {
      title: plural(count, { one: 'Mark # invoice paid?', other: 'Mark # invoices paid?' }),
      description: t`Record the day the payment arrived. A paid invoice is no longer outstanding.`,
      confirm: plural(count, { one: 'Mark paid', other: 'Mark # invoices paid' }),
    },
    credit: {
      title: t`Credit invoice ${first}?`,
      description: t`A credit note with a number of its own cancels the invoice in full and is mailed with its PDF to the customer's billing contacts. The invoice itself stays as it was issued.`,
      confirm: t`Write the credit note`,
    },
  }[action];

  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && !step.isPending && onClose(false)}
      title={copy.title}
      description={copy.description}
      confirmLabel={copy.confirm}
      cancelLabel={<Trans>Cancel</Trans>}
      onConfirm={confirm}
      destructive={action === 'credit'}
      pending={step.isPending}
    >
      {action === 'pay' && (
        <TextInput
          label={<Trans>Payment arrived on</Trans>}
          type="date"
          value={paidOn}
          max={today()}
          required
          onChange={(event) => setPaidOn(event.target.value)}
        />
      )}
      {action === 'credit' && (
        <TextArea
          label={<Trans>Reason, printed on the credit note</Trans>}
          value={reason}
          maxLength={500}
          required
          errors={reasonError ? [reasonError] : undefined}
          onChange={(event) => {
            setReason(event.target.value);
            setReasonError(undefined);
          }}
        />
      )}
    </ConfirmDialog>
  );
}
