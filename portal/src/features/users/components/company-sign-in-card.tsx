import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { type CustomerSso, SSO_ROLES, type SsoRole, SsoSettingsFields } from '@tidewatch/contract';
import {
  Button,
  Card,
  Checkbox,
  ConfirmDialog,
  FormAlert,
  fieldProps,
  fieldsetClass,
  legendClass,
  Select,
  Skeleton,
  TextInput,
} from '@tidewatch/ui';
import { Minus, Plus } from 'lucide-react';
import { useState } from 'react';
import { useApiForm } from '../../../lib/forms';
import { notify } from '../../../lib/notify';
import { FailedState } from '../../../shared/query-state/query-state';
import { ssoQueryOptions, useRemoveSso, useSaveSso } from '../api/sso';
import * as layout from './company-sign-in-card.css';
import { ROLE_LABELS } from './user-labels';
import * as styles from './users.css';

/** How the role a group maps to is named: as on the rest of the page, and a plain user as such. */
function useSsoRoleLabels(): Record<SsoRole, string> {
  const { t } = useLingui();
  return { customer_manager: t(ROLE_LABELS.customer_manager), user: t`User (no role)` };
}

/**
 * The customer's company sign-in (single sign-on with its own OpenID Connect provider): the
 * issuer, client, email domains, how the provider's groups map to roles, and "SSO only". The
 * redirect URI to register at the provider is shown; the client secret is written, never read back.
 */
export function CompanySignInCard({ customerId }: { customerId: string }) {
  const { t } = useLingui();
  const sso = useQuery(ssoQueryOptions(customerId));
  return (
    <Card title={<Trans>Company sign-in (single sign-on)</Trans>} data-testid="company-sign-in">
      {sso.isPending ? (
        <Skeleton height="240px" />
      ) : sso.isError ? (
        <FailedState inline title={t`Could not load the company sign-in`} query={sso} />
      ) : (
        <CompanySignInForm key={sso.dataUpdatedAt} customerId={customerId} sso={sso.data} />
      )}
    </Card>
  );
}

function CompanySignInForm({ customerId, sso }: { customerId: string; sso: CustomerSso }) {
  const { t } = useLingui();
  const roleLabels = useSsoRoleLabels();
  const save = useSaveSso(customerId);
  const remove = useRemoveSso(customerId);
  const [confirmingRemoval, setConfirmingRemoval] = useState(false);
  const { settings } = sso;
  const { form, fields, pending } = useApiForm(
    SsoSettingsFields,
    async (value) => {
      await save.mutateAsync(value);
      notify.success(t`Company sign-in saved`);
    },
    {
      id: `company-sign-in-${customerId}`,
      defaultValue: {
        issuer: settings?.issuer ?? '',
        client_id: settings?.client_id ?? '',
        client_secret: '',
        domains: settings?.domains ?? [''],
        role_mapping: settings?.role_mapping ?? [],
        sso_only: settings?.sso_only ?? false,
      },
    },
  );
  // Adding and removing a row are submissions of their own (Conform intents), hence the submit buttons.
  const domains = fields.domains.getFieldList();
  const mappings = fields.role_mapping.getFieldList();

  const removeSso = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        setConfirmingRemoval(false);
        notify.success(t`Company sign-in removed`);
      },
      onError: () => notify.error(t`Could not remove the company sign-in`),
    });

  return (
    <form id={form.id} onSubmit={form.onSubmit} noValidate className={styles.form}>
      <p className={styles.intro}>
        {settings ? (
          <Trans>
            People whose address is in these domains can sign in through your identity provider. Their roles
            follow its groups at every sign-in.
          </Trans>
        ) : (
          <Trans>
            Company sign-in is not set up. Register this portal at your identity provider (OpenID Connect)
            with the redirect URI below, then enter what it gives you.
          </Trans>
        )}
      </p>
      <TextInput
        label={<Trans>Redirect URI to register at your identity provider</Trans>}
        value={sso.redirect_uri}
        readOnly
      />
      <TextInput
        label={<Trans>Issuer URL</Trans>}
        hint={<Trans>For example https://login.example.com/realms/staff</Trans>}
        type="url"
        {...fieldProps(fields.issuer)}
        required
        autoComplete="off"
      />
      <TextInput
        label={<Trans>Client id</Trans>}
        {...fieldProps(fields.client_id)}
        required
        autoComplete="off"
      />
      <TextInput
        label={<Trans>Client secret</Trans>}
        hint={settings?.client_secret_set ? <Trans>Leave empty to keep the stored secret.</Trans> : undefined}
        type="password"
        {...fieldProps(fields.client_secret)}
        required={!settings}
        autoComplete="new-password"
      />

      <fieldset className={fieldsetClass}>
        <legend className={legendClass}>
          <Trans>Email domains</Trans>
        </legend>
        {domains.map((domain, index) => (
          <div key={domain.key} className={layout.domainRow}>
            <TextInput
              label={t`Domain ${index + 1}`}
              {...fieldProps(domain)}
              required
              autoComplete="off"
              placeholder="example.com"
            />
            <Button
              type="submit"
              variant="ghost"
              aria-label={t`Remove domain ${index + 1}`}
              icon={<Minus size={16} aria-hidden="true" />}
              {...form.remove.getButtonProps({ name: fields.domains.name, index })}
            >
              <Trans>Remove</Trans>
            </Button>
          </div>
        ))}
        <div>
          <Button
            type="submit"
            variant="secondary"
            size="sm"
            icon={<Plus size={16} aria-hidden="true" />}
            {...form.insert.getButtonProps({ name: fields.domains.name, defaultValue: '' })}
          >
            <Trans>Add domain</Trans>
          </Button>
        </div>
        {fields.domains.errors && <p className={styles.formError}>{fields.domains.errors.join(' ')}</p>}
      </fieldset>

      <fieldset className={fieldsetClass}>
        <legend className={legendClass}>
          <Trans>Groups and roles</Trans>
        </legend>
        <p className={styles.muted}>
          <Trans>A member of none of these groups signs in as a user with no role.</Trans>
        </p>
        {mappings.map((mapping, index) => {
          const row = mapping.getFieldset();
          return (
            <div key={mapping.key} className={layout.groupRow}>
              <TextInput
                label={t`Group ${index + 1} at your provider`}
                {...fieldProps(row.group)}
                required
                autoComplete="off"
              />
              <Select label={t`Role of group ${index + 1}`} {...fieldProps(row.role)} required>
                {SSO_ROLES.map((role) => (
                  <option key={role} value={role}>
                    {roleLabels[role]}
                  </option>
                ))}
              </Select>
              <Button
                type="submit"
                variant="ghost"
                aria-label={t`Remove group ${index + 1}`}
                icon={<Minus size={16} aria-hidden="true" />}
                {...form.remove.getButtonProps({ name: fields.role_mapping.name, index })}
              >
                <Trans>Remove</Trans>
              </Button>
            </div>
          );
        })}
        <div>
          <Button
            type="submit"
            variant="secondary"
            size="sm"
            icon={<Plus size={16} aria-hidden="true" />}
            {...form.insert.getButtonProps({
              name: fields.role_mapping.name,
              defaultValue: { group: '', role: 'user' },
            })}
          >
            <Trans>Add group</Trans>
          </Button>
        </div>
      </fieldset>

      <Checkbox
        label={<Trans>SSO only</Trans>}
        description={
          <Trans>
            Passwords and passkeys are off for this customer's users: they sign in through your identity
            provider only.
          </Trans>
        }
        name={fields.sso_only.name}
        defaultChecked={settings?.sso_only ?? false}
      />

      <FormAlert errors={form.errors} />
      <div className={styles.formActions}>
        {settings && (
          <Button variant="secondary" onClick={() => setConfirmingRemoval(true)}>
            <Trans>Remove</Trans>
          </Button>
        )}
        <Button type="submit" loading={pending}>
          <Trans>Save company sign-in</Trans>
        </Button>
      </div>
      <ConfirmDialog
        open={confirmingRemoval}
        onOpenChange={setConfirmingRemoval}
        title={<Trans>Remove company sign-in?</Trans>}
        description={
          <Trans>
            Its users can no longer sign in through your identity provider, and their sessions from it end
            within minutes. Users without a password set one with “Forgot your password?”.
          </Trans>
        }
        confirmLabel={<Trans>Remove</Trans>}
        cancelLabel={<Trans>Cancel</Trans>}
        destructive
        pending={remove.isPending}
        onConfirm={removeSso}
      />
    </form>
  );
}
