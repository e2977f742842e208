import { Plural, Trans } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Skeleton } from '@tidewatch/ui';
import { useState } from 'react';
import { api } from '../../../lib/api';
import { accountKeys, secondFactorsQueryOptions } from '../api/account';
import { PasswordConfirmForm } from './password-confirm-form';
import { RecoveryCodes } from './recovery-codes';
import * as styles from './settings.css';

/**
 * How many recovery codes are left, and new ones in place of them all: shown to someone with a
 * second factor, since the codes stand in for it.
 */
export function RecoveryCodesCard() {
  const queryClient = useQueryClient();
  const factors = useQuery(secondFactorsQueryOptions());
  const [fresh, setFresh] = useState<string[] | null>(null);
  if (factors.data && !factors.data.totp && factors.data.passkeys === 0 && !fresh) return null;
  return (
    <Card title={<Trans>Recovery codes</Trans>} data-testid="recovery-codes-card">
      <div className={styles.form}>
        {factors.isPending ? (
          <Skeleton width="60%" />
        ) : factors.isError ? (
          <p className={styles.formError}>
            <Trans>Could not load how many recovery codes you have left.</Trans>
          </p>
        ) : (
          <p className={styles.muted} data-testid="recovery-codes-left">
            <Plural
              value={factors.data.recovery_codes_left}
              _0="You have no unused recovery codes left: make new ones."
              one="You have # unused recovery code left."
              other="You have # unused recovery codes left."
            />
          </p>
        )}
        {fresh ? (
          <RecoveryCodes codes={fresh} replaced onClose={() => setFresh(null)} />
        ) : (
          <>
            <p className={styles.muted}>
              <Trans>New codes replace all the old ones, used or not.</Trans>
            </p>
            <PasswordConfirmForm
              id="recovery-codes"
              confirm={async (value) => {
                const { recovery_codes } = await api.account.regenerateRecoveryCodes({ body: value });
                setFresh(recovery_codes);
                void queryClient.invalidateQueries({ queryKey: accountKeys.secondFactors });
              }}
            >
              <Trans>Make new recovery codes</Trans>
            </PasswordConfirmForm>
          </>
        )}
      </div>
    </Card>
  );
}
