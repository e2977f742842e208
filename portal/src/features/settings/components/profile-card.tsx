import { Trans, useLingui } from '@lingui/react/macro';
import { ProfileName, type SessionData } from '@tidewatch/contract';
import { LANGUAGE_NAMES, USER_LANGUAGES, type UserLanguage } from '@tidewatch/i18n';
import { Button, Card, fieldProps, Select, TextInput } from '@tidewatch/ui';
import { useState } from 'react';
import { z } from 'zod';
import { useApiForm } from '../../../lib/forms';
import { notify } from '../../../lib/notify';
import { useUpdateProfile } from '../api/account';
import * as styles from './settings.css';

export const NameForm = z.object({ name: ProfileName });

export function ProfileCard({ session }: { session: SessionData }) {
  const { t } = useLingui();
  const update = useUpdateProfile();
  const { form, fields, pending } = useApiForm(
    NameForm,
    async (value) => {
      await update.mutateAsync({ name: value.name });
      notify.success(t`Profile saved`);
    },
    { id: 'profile', defaultValue: { name: session.user['user/name'] } },
  );
  const [language, setLanguage] = useState<UserLanguage>(session.user['user/language']);

  return (
    <Card title={<Trans>Profile</Trans>}>
      <form id={form.id} onSubmit={form.onSubmit} noValidate className={styles.form}>
        <TextInput label={<Trans>Email</Trans>} value={session.user['user/email']} disabled readOnly />
        <TextInput label={<Trans>Name</Trans>} {...fieldProps(fields.name)} required autoComplete="name" />
        {form.errors && <p className={styles.formError}>{form.errors.join(' ')}</p>}
        <div className={styles.row}>
          <Button type="submit" loading={pending}>
            <Trans>Save name</Trans>
          </Button>
        </div>
      </form>
      <div className={styles.form} style={{ marginTop: 24 }}>
        <Select
          label={<Trans>Language</Trans>}
          hint={<Trans>Used for the portal and for the mail we send you.</Trans>}
          value={language}
          disabled={update.isPending}
          onChange={(event) => {
            const next = event.target.value as UserLanguage;
            setLanguage(next);
            update.mutate({ language: next }, { onError: () => setLanguage(session.user['user/language']) });
          }}
        >
          {USER_LANGUAGES.map((code) => (
            <option key={code} value={code}>
              {LANGUAGE_NAMES[code]}
            </option>
          ))}
        </Select>
      </div>
    </Card>
  );
}
