import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { PASSWORD_MIN_LENGTH, PasswordChange } from '@tidewatch/contract';
import { Button, Card, fieldProps, TextInput } from '@tidewatch/ui';
import { api } from '../../../lib/api';
import { useApiForm } from '../../../lib/forms';
import { notify } from '../../../lib/notify';
import { accountKeys } from '../api/account';
import * as styles from './settings.css';

export function PasswordCard() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const { form, fields, pending } = useApiForm(
    PasswordChange,
    async (value) => {
      await api.account.changePassword({ body: value });
      notify.success(t`Password changed`, t`You were signed out everywhere else.`);
      await queryClient.invalidateQueries({ queryKey: accountKeys.sessions });
    },
    { id: 'password', resetOnSuccess: true },
  );
  return (
    <Card title={<Trans>Password</Trans>}>
      <form id={form.id} onSubmit={form.onSubmit} noValidate className={styles.form}>
        <TextInput
          label={<Trans>Current password</Trans>}
          type="password"
          {...fieldProps(fields.current_password)}
          required
          autoComplete="current-password"
        />
        <TextInput
          label={<Trans>New password</Trans>}
          hint={
            <Trans>
              At least {PASSWORD_MIN_LENGTH} characters; not your email address and not a common password.
            </Trans>
          }
          type="password"
          {...fieldProps(fields.new_password)}
          required
          autoComplete="new-password"
        />
        {form.errors && <p className={styles.formError}>{form.errors.join(' ')}</p>}
        <p className={styles.muted}>
          <Trans>Changing your password signs you out on every other device.</Trans>
        </p>
        <div className={styles.row}>
          <Button type="submit" loading={pending}>
            <Trans>Change password</Trans>
          </Button>
        </div>
      </form>
    </Card>
  );
}
