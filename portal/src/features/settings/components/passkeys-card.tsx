import { Trans, useLingui } from '@lingui/react/macro';
import { browserSupportsWebAuthn, WebAuthnError } from '@simplewebauthn/browser';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type Passkey, PasskeyName } from '@tidewatch/contract';
import { Badge, Button, Card, ConfirmDialog, fieldProps, Skeleton, TextInput } from '@tidewatch/ui';
import { useState } from 'react';
import { z } from 'zod';
import { useApiForm } from '../../../lib/forms';
import { notify } from '../../../lib/notify';
import { QueryState } from '../../../shared/query-state/query-state';
import { useRefreshSession } from '../api/account';
import { addPasskey, passkeyKeys, passkeysQueryOptions, useRemovePasskey } from '../api/passkeys';
import { RecoveryCodes } from './recovery-codes';
import { deviceOf } from './sessions-card';
import * as styles from './settings.css';

const AddPasskeyForm = z.object({ name: PasskeyName });

/** The person closed the browser's passkey prompt or let it time out: nothing went wrong. */
const cancelled = (error: unknown) =>
  error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');

function AddPasskey({ onAdded }: { onAdded(recoveryCodes: string[] | null): void }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const refreshSession = useRefreshSession();
  const [ceremonyError, setCeremonyError] = useState<string | null>(null);
  const { form, fields, pending } = useApiForm(
    AddPasskeyForm,
    async ({ name }) => {
      setCeremonyError(null);
      try {
        const added = await addPasskey(name);
        notify.success(t`Passkey “${name}” added`);
        onAdded(added.recovery_codes);
        // A first second factor ends a required enrolment: the session says so once asked again.
        void refreshSession();
      } catch (error) {
        if (cancelled(error)) return;
        if (!(error instanceof WebAuthnError)) throw error;
        setCeremonyError(
          error.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED'
            ? t`This device holds one of your passkeys already.`
            : t`Your browser could not make a passkey here. Try another device or browser.`,
        );
      } finally {
        await queryClient.invalidateQueries({ queryKey: passkeyKeys.list });
      }
    },
    { id: 'add-passkey', defaultValue: { name: deviceOf(navigator.userAgent) } },
  );
  return (
    <form id={form.id} onSubmit={form.onSubmit} noValidate className={styles.form}>
      <TextInput
        label={<Trans>Name of the new passkey</Trans>}
        hint={<Trans>So you can tell your passkeys apart, e.g. “Work laptop”.</Trans>}
        {...fieldProps(fields.name)}
        maxLength={100}
        required
      />
      {(form.errors || ceremonyError) && (
        <p className={styles.formError} role="alert">
          {[...(form.errors ?? []), ceremonyError].filter(Boolean).join(' ')}
        </p>
      )}
      <div className={styles.row}>
        <Button type="submit" loading={pending}>
          <Trans>Add passkey</Trans>
        </Button>
      </div>
    </form>
  );
}

/** Passkeys: sign in without a password, and a second factor in place of an authenticator app's code. */
export function PasskeysCard() {
  const { t, i18n } = useLingui();
  const passkeys = useQuery({
    ...passkeysQueryOptions(),
    meta: { errorMessage: t`Could not load your passkeys` },
  });
  const remove = useRemovePasskey();
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const date = (iso: string) => i18n.date(iso, { dateStyle: 'medium' });
  const removingName = removing?.name ?? '';

  return (
    <Card title={<Trans>Passkeys</Trans>}>
      <div className={styles.form}>
        <p className={styles.muted}>
          <Trans>
            A passkey signs you in with your fingerprint, face or device PIN, without a password. It also
            stands in for the code from an authenticator app.
          </Trans>
        </p>
        <QueryState
          query={passkeys}
          failed={t`Could not load your passkeys`}
          loading={<Skeleton height="64px" />}
          empty={
            <p className={styles.muted}>
              <Trans>You have no passkeys yet.</Trans>
            </p>
          }
        >
          {(rows) => (
            <ul className={styles.sessions}>
              {rows.map((passkey) => {
                const added = date(passkey.created);
                const used = passkey.last_used && date(passkey.last_used);
                return (
                  <li key={passkey.id} className={styles.session} data-testid="passkey">
                    <span className={styles.sessionDevice}>
                      {passkey.name}
                      {passkey.synced && (
                        <Badge tone="brand">
                          <Trans>Synced</Trans>
                        </Badge>
                      )}
                    </span>
                    <span className={styles.sessionDetail}>
                      <Trans>Added {added}</Trans>
                    </span>
                    <span className={styles.sessionDetail}>
                      {used ? <Trans>Last used {used}</Trans> : <Trans>Not used yet</Trans>}
                    </span>
                    <span className={styles.sessionAction}>
                      <Button variant="ghost" size="sm" onClick={() => setRemoving(passkey)}>
                        <Trans>Remove</Trans>
                      </Button>
                    </span>
                  </li>
                );
              })}
            </ul>
          )}
        </QueryState>
        {recoveryCodes ? (
          <RecoveryCodes codes={recoveryCodes} onClose={() => setRecoveryCodes(null)} />
        ) : browserSupportsWebAuthn() ? (
          <AddPasskey onAdded={setRecoveryCodes} />
        ) : (
          <p className={styles.muted}>
            <Trans>This browser cannot make passkeys.</Trans>
          </p>
        )}
      </div>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={<Trans>Remove the passkey “{removingName}”?</Trans>}
        description={
          <Trans>
            It no longer signs you in. Remove it from your device or password manager as well, so that it is
            not offered again.
          </Trans>
        }
        confirmLabel={<Trans>Remove passkey</Trans>}
        cancelLabel={<Trans>Cancel</Trans>}
        destructive
        pending={remove.isPending}
        onConfirm={() => {
          if (!removing) return;
          remove.mutate(removing.id, {
            onSuccess: () => notify.success(t`Passkey “${removingName}” removed`),
            onSettled: () => setRemoving(null),
          });
        }}
      />
    </Card>
  );
}
