import { Trans } from '@lingui/react/macro';
import { Button, Dialog, TextArea } from '@tidewatch/ui';
import { type ReactNode, useState } from 'react';
import * as styles from './service-windows.css';

/** Staff's answer to a proposal or an exemption: accept or reject, with a comment the customer reads. */
export function ResolveDialog({
  open,
  title,
  description,
  pending,
  onClose,
  onResolve,
}: {
  open: boolean;
  title: ReactNode;
  description?: ReactNode;
  pending: boolean;
  onClose(): void;
  onResolve(decision: 'accept' | 'reject', comment: string): void;
}) {
  const [comment, setComment] = useState('');
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()} title={title} description={description}>
      <div className={styles.form}>
        <TextArea
          label={<Trans>Comment</Trans>}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
          maxLength={2000}
        />
        <div className={styles.formActions}>
          <Button variant="secondary" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button variant="danger" loading={pending} onClick={() => onResolve('reject', comment)}>
            <Trans>Reject</Trans>
          </Button>
          <Button loading={pending} onClick={() => onResolve('accept', comment)}>
            <Trans>Approve</Trans>
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
