import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { UserSignInSecurity } from '@tidewatch/contract';
import { Badge, Card, ConfirmDialog, Skeleton, Switch, Table, type TableColumn } from '@tidewatch/ui';
import { useState } from 'react';
import { notify } from '../../../lib/notify';
import { FailedState } from '../../../shared/query-state/query-state';
import { signInSecurityQueryOptions, useRequireTwoFactor } from '../api/security';
import * as styles from './users.css';

/** Signs in with a second factor of ours, or through the company's provider, which governs its own. */
const hasSecondFactor = (user: UserSignInSecurity) => user.totp || user.passkeys > 0 || user.sso;

const YesNo = ({ yes }: { yes: boolean }) =>
  yes ? (
    <Badge tone="success">
      <Trans>Yes</Trans>
    </Badge>
  ) : (
    <Badge>
      <Trans>No</Trans>
    </Badge>
  );

/**
 * The customer's sign-in security: require two-factor sign-in for everyone (users without a second
 * factor enrol at their next sign-in), and who has which factor.
 */
export function SignInSecurityCard({ customerId }: { customerId: string }) {
  const { t } = useLingui();
  const security = useQuery(signInSecurityQueryOptions(customerId));
  const requireTwoFactor = useRequireTwoFactor(customerId);
  const [confirming, setConfirming] = useState(false);

  const change = (required: boolean) =>
    requireTwoFactor.mutate(required, {
      onSuccess: () => {
        setConfirming(false);
        notify.success(
          required ? t`Two-factor sign-in is now required` : t`Two-factor sign-in is no longer required`,
        );
      },
      onError: () => notify.error(t`Could not change the two-factor requirement`),
    });

  const columns: TableColumn<UserSignInSecurity>[] = [
    {
      id: 'name',
      header: t`User`,
      rowHeader: true,
      cell: (user) => (
        <span className={styles.person}>
          {user.name}
          <span className={styles.email}>{user.email}</span>
        </span>
      ),
    },
    { id: 'totp', header: t`Authenticator app`, cell: (user) => <YesNo yes={user.totp} /> },
    { id: 'passkeys', header: t`Passkeys`, numeric: true, cell: (user) => user.passkeys },
    {
      id: 'recovery',
      header: t`Recovery codes left`,
      numeric: true,
      cell: (user) => user.recovery_codes_left,
    },
    { id: 'sso', header: t`Company sign-in`, cell: (user) => <YesNo yes={user.sso} /> },
  ];

  const withoutFactor = security.data?.users.filter((user) => !hasSecondFactor(user)).length ?? 0;

  return (
    <Card title={<Trans>Sign-in security</Trans>} data-testid="sign-in-security">
      {security.isPending ? (
        <Skeleton height="160px" />
      ) : security.isError ? (
        <FailedState inline title={t`Could not load the sign-in security`} query={security} />
      ) : (
        <div className={styles.form}>
          <Switch
            label={<Trans>Require two-factor sign-in for everyone</Trans>}
            description={
              <Trans>
                Users without an authenticator app or a passkey set one up at their next sign-in and can do
                nothing else until they have.
              </Trans>
            }
            checked={security.data.require_two_factor}
            disabled={requireTwoFactor.isPending}
            onCheckedChange={(on) => (on ? setConfirming(true) : change(false))}
          />
          <Table
            label={t`Who has which second factor`}
            showCaption
            columns={columns}
            rows={security.data.users}
            rowKey={(user) => user.id}
            empty={
              <p className={styles.muted}>
                <Trans>This customer has no active users.</Trans>
              </p>
            }
          />
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={<Trans>Require two-factor sign-in for everyone?</Trans>}
        description={
          withoutFactor === 0 ? (
            <Trans>Every user has a second factor already.</Trans>
          ) : (
            <Plural
              value={withoutFactor}
              one="# user has no second factor yet and must set one up before doing anything else."
              other="# users have no second factor yet and must set one up before doing anything else."
            />
          )
        }
        confirmLabel={<Trans>Require it</Trans>}
        cancelLabel={<Trans>Cancel</Trans>}
        pending={requireTwoFactor.isPending}
        onConfirm={() => change(true)}
      />
    </Card>
  );
}
