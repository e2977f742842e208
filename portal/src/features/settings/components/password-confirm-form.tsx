import { Trans } from '@lingui/react/macro';
import { PasswordConfirmation } from '@tidewatch/contract';
import { Button, FormAlert, fieldProps, TextInput } from '@tidewatch/ui';
import type { ComponentProps, ReactNode } from 'react';
import type { z } from 'zod';
import { useApiForm } from '../../../lib/forms';
import * as styles from './settings.css';

/** A sensitive change of one's sign-in, confirmed with the password: the field, what went wrong, and the button. */
export function PasswordConfirmForm({
  id,
  confirm,
  variant,
  children,
}: {
  id: string;
  confirm(value: z.infer<typeof PasswordConfirmation>): Promise<void>;
  variant?: ComponentProps<typeof Button>['variant'];
  /** The button's label. */
  children: ReactNode;
}) {
  const { form, fields, pending } = useApiForm(PasswordConfirmation, confirm, { id });
  return (
    <form id={form.id} onSubmit={form.onSubmit} noValidate className={styles.form}>
      <TextInput
        label={<Trans>Password</Trans>}
        type="password"
        {...fieldProps(fields.password)}
        autoComplete="current-password"
        required
      />
      <FormAlert errors={form.errors} />
      <div className={styles.row}>
        <Button type="submit" variant={variant} loading={pending}>
          {children}
        </Button>
      </div>
    </form>
  );
}
