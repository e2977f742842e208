import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { type SessionData, TotpCode } from '@tidewatch/contract';
import { Badge, Button, Card, fieldProps, TextInput } from '@tidewatch/ui';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { api } from '../../../lib/api';
import { useApiForm } from '../../../lib/forms';
import { notify } from '../../../lib/notify';
import { useRefreshSession } from '../api/account';
import { PasswordConfirmForm } from './password-confirm-form';
import { RecoveryCodes } from './recovery-codes';
import * as styles from './settings.css';

export const ConfirmForm = z.object({ code: TotpCode });

function Enrolment({ secret, uri, onDone }: { secret: string; uri: string; onDone(codes: string[]): void }) {
  const { t } = useLingui();
  const [qr, setQr] = useState<string>();
  useEffect(() => {
    QRCode.toDataURL(uri, { margin: 1, width: 180 }).then(setQr, () => setQr(undefined));
  }, [uri]);
  // The code is read off the app: leaving the field for it is not a mistake, so it is checked on Turn on.
  const { form, fields, pending } = useApiForm(
    ConfirmForm,
    async (value) => {
      const { recovery_codes } = await api.account.confirmTotp({ body: value });
      onDone(recovery_codes);
    },
    { validateOn: 'submit' },
  );
  return (
    <form id={form.id} onSubmit={form.onSubmit} noValidate className={styles.form}>
      <p className={styles.muted}>
        <Trans>
          Scan the code with your authenticator app, or type in the key. Then enter the 6-digit code it shows.
        </Trans>
      </p>
      {qr && <img className={styles.qr} src={qr} alt={t`QR code for your authenticator app`} />}
      <code className={styles.secret} data-testid="totp-secret">
        {secret}
      </code>
      <TextInput
        label={<Trans>Code from the app</Trans>}
        {...fieldProps(fields.code)}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        required
      />
      <div className={styles.row}>
        <Button type="submit" loading={pending}>
          <Trans>Turn on</Trans>
        </Button>
      </div>
    </form>
  );
}

/** TOTP two-factor sign-in (SHA-1, 6 digits, 30 s): enrol with a QR code, confirm, keep recovery codes. */
export function TwoFactorCard({ session }: { session: SessionData }) {
  const { t } = useLingui();
  const refreshSession = useRefreshSession();
  const enabled = session.user['user/totp-enabled'];
  const setup = useMutation({
    mutationFn: () => api.account.startTotp(),
    meta: { errorMessage: t`Could not start two-factor enrolment` },
  });
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  return (
    <Card title={<Trans>Two-factor sign-in</Trans>}>
      <div className={styles.form}>
        <div className={styles.row}>
          {enabled ? (
            <Badge tone="success">
              <Trans>On</Trans>
            </Badge>
          ) : (
            <Badge>
              <Trans>Off</Trans>
            </Badge>
          )}
          <span className={styles.muted}>
            <Trans>Sign-in asks for a code from an authenticator app as well as your password.</Trans>
          </span>
        </div>
        {recoveryCodes ? (
          <RecoveryCodes
            codes={recoveryCodes}
            onClose={() => {
              setRecoveryCodes(null);
              setup.reset();
            }}
          />
        ) : enabled ? (
          <PasswordConfirmForm
            id="turn-off-two-factor"
            variant="danger"
            confirm={async (value) => {
              await api.account.disableTotp({ body: value });
              notify.success(t`Two-factor sign-in is off`);
              void refreshSession();
            }}
          >
            <Trans>Turn off two-factor sign-in</Trans>
          </PasswordConfirmForm>
        ) : setup.data ? (
          <Enrolment
            secret={setup.data.secret}
            uri={setup.data.uri}
            onDone={(codes) => {
              setRecoveryCodes(codes);
              void refreshSession();
            }}
          />
        ) : (
          <div className={styles.row}>
            <Button loading={setup.isPending} onClick={() => setup.mutate()}>
              <Trans>Set up two-factor sign-in</Trans>
            </Button>
          </div>
        )}
      </div>
    </Card>
  );
}
