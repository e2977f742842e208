import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { plans, roleCatalogue } from '@tidewatch/content';
import { Hostname, type InstallToken as InstallTokenSchema, PLAN_IDS, RoleId } from '@tidewatch/contract';
import { hostnameFrom, MAX_SERVER_ROLES, roleRefusal } from '@tidewatch/domain';
import {
  Banner,
  Button,
  Card,
  Checkbox,
  CodeBlock,
  fieldProps,
  Select,
  Spinner,
  StatusBadge,
  TextInput,
} from '@tidewatch/ui';
import { CircleCheck, CircleX, Clock, RotateCcw, Server } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { z } from 'zod';
import { formatDateTime } from '../../../lib/format';
import { useApiForm } from '../../../lib/forms';
import { refreshAfterTagChange } from '../../../lib/tags';
import { FailedState } from '../../../shared/query-state/query-state';
import { installStatusQueryOptions, useCreateInstallToken } from '../api/install-tokens';
import * as styles from './add-server.css';

const NO_PLAN = 'none';

/** What a person types: any name becomes a hostname ("Web Server 01" → web-server-01). */
export const AddServerFields = z.object({
  name: z
    .string({ error: /*i18n*/ 'Enter a name' })
    .trim()
    .min(1, { error: /*i18n*/ 'Enter a name' })
    .transform(hostnameFrom)
    .pipe(Hostname),
  plan: z.enum([...PLAN_IDS, NO_PLAN]),
  roles: z.array(RoleId).max(MAX_SERVER_ROLES).default([]),
});
type AddServerValue = z.output<typeof AddServerFields>;
type InstallToken = z.infer<typeof InstallTokenSchema>;

const catalogueTraits = (language: 'en' | 'da') =>
  roleCatalogue.roles.map((role) => ({ ...role, name: role.name[language] }));

/**
 * Onboarding a server: name, plan and roles give a certname and a short-lived install command;
 * the page then watches until the server registers (or says why it did not).
 */
export function AddServer({ customerId }: { customerId: string }) {
  const [token, setToken] = useState<InstallToken | null>(null);
  // Another customer (staff switching) starts afresh.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on the customer only
  useEffect(() => setToken(null), [customerId]);
  return token ? (
    <InstallSteps customerId={customerId} token={token} onAnother={() => setToken(null)} />
  ) : (
    <AddServerForm customerId={customerId} onCreated={setToken} />
  );
}

function AddServerForm({
  customerId,
  onCreated,
}: {
  customerId: string;
  onCreated(token: InstallToken): void;
}) {
  const { t, i18n } = useLingui();
  const language = i18n.locale === 'da' ? 'da' : 'en';
  const traits = catalogueTraits(language);
  const [name, setName] = useState('');
  const [roles, setRoles] = useState<string[]>([]);
  const create = useCreateInstallToken(customerId);
  const { form, fields, pending } = useApiForm(
    AddServerFields,
    async (value: AddServerValue) => {
      onCreated(
        await create.mutateAsync({
          hostname: value.name,
          plan: value.plan === NO_PLAN ? null : value.plan,
          roles: value.roles,
        }),
      );
    },
    { id: `add-server-${customerId}`, defaultValue: { plan: 'basic' } },
  );

  const hostname = hostnameFrom(name);

  return (
    <form id={form.id} onSubmit={form.onSubmit} noValidate className={styles.form}>
      <Card title={<Trans>Server</Trans>}>
        <div className={styles.fields}>
          <div className={styles.nameField}>
            <TextInput
              label={<Trans>Name</Trans>}
              {...fieldProps(fields.name)}
              required
              autoComplete="off"
              spellCheck={false}
              onChange={(event) => setName(event.target.value)}
              hint={<Trans>Its hostname, e.g. web-01, or any name: we make a hostname of it.</Trans>}
            />
            <p className={styles.muted} data-testid="certname-preview">
              <Trans>
                Certname:{' '}
                <span className={styles.certname}>
                  {hostname || '…'}.{customerId}
                </span>
              </Trans>
            </p>
          </div>
          <Select label={<Trans>Plan</Trans>} {...fieldProps(fields.plan)} required>
            {plans.plans.map((plan) => (
              <option key={plan.id} value={plan.id}>
                {plan.name}
              </option>
            ))}
            <option value={NO_PLAN}>{t`Unmanaged (no plan)`}</option>
          </Select>
        </div>
      </Card>

      <Card title={<Trans>Roles</Trans>}>
        <fieldset className={styles.roles} aria-describedby={`${form.id}-roles-hint`}>
          <legend className={styles.legend}>
            <Trans>What the server does (up to two roles)</Trans>
          </legend>
          <p id={`${form.id}-roles-hint`} className={styles.muted}>
            <Trans>
              Roles marked “combines” can share a server; the others run on their own. Leave all unticked for
              the base setup only.
            </Trans>
          </p>
          <div className={styles.roleGrid}>
            {traits.map((role) => (
              // The boxes keep their own state and `roles` mirrors the form: a controlled box is reset
              // by the render that Conform's revalidation on input causes, before its change arrives.
              <Checkbox
                key={role.id}
                name={fields.roles.name}
                value={role.id}
                disabled={roleRefusal(roles, role.id, traits) !== null}
                onChange={(event) =>
                  setRoles(
                    new FormData(event.currentTarget.form ?? undefined).getAll(fields.roles.name).map(String),
                  )
                }
                label={role.name}
                description={
                  <>
                    {roleCatalogue.roles.find((entry) => entry.id === role.id)?.description[language]}{' '}
                    <strong>
                      {role.blendable && !role.monitoring
                        ? t`Combines with another role.`
                        : t`Runs on its own.`}
                    </strong>
                  </>
                }
              />
            ))}
          </div>
          {fields.roles.errors && <p className={styles.error}>{fields.roles.errors.join(' ')}</p>}
        </fieldset>
      </Card>

      {form.errors && (
        <Banner tone="danger" role="alert" icon={<CircleX size={20} aria-hidden="true" />}>
          {form.errors.join(' ')}
        </Banner>
      )}
      <div>
        <Button type="submit" loading={pending} icon={<Server size={18} aria-hidden="true" />}>
          <Trans>Get the install command</Trans>
        </Button>
      </div>
    </form>
  );
}

function InstallSteps({
  customerId,
  token,
  onAnother,
}: {
  customerId: string;
  token: InstallToken;
  onAnother(): void;
}) {
  const { t, i18n } = useLingui();
  return (
    <div className={styles.form}>
      <Card title={<Trans>Install command</Trans>}>
        <div className={styles.steps}>
          <p className={styles.text}>
            <Trans>
              Run this on <span className={styles.certname}>{token.certname}</span> as root. It checks the
              machine, registers it with us and sets up the agent.
            </Trans>
          </p>
          <CodeBlock
            code={token.command}
            title={t`Install command for ${token.certname}`}
            copyLabel={t`Copy`}
            copiedLabel={t`Copied`}
          />
          <p className={styles.muted}>
            <Clock size={14} aria-hidden="true" className={styles.inlineIcon} />
            <Trans>
              The token in it works only for this server, until{' '}
              {formatDateTime(token.expires_at, i18n.locale)}.
            </Trans>
          </p>
        </div>
      </Card>
      <Card title={<Trans>Status</Trans>}>
        <InstallStatus customerId={customerId} token={token} onAnother={onAnother} />
      </Card>
      <div>
        <Button variant="secondary" icon={<RotateCcw size={16} aria-hidden="true" />} onClick={onAnother}>
          <Trans>Add another server</Trans>
        </Button>
      </div>
    </div>
  );
}

/** The live state of the install, announced as it changes. */
function InstallStatus({
  customerId,
  token,
  onAnother,
}: {
  customerId: string;
  token: InstallToken;
  onAnother(): void;
}) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const status = useQuery(installStatusQueryOptions(customerId, token.id));
  const state = status.data?.server_status ?? 'registered';
  const expired = status.data?.expired ?? false;

  // Once it registered, the lists and counts know the new server.
  useEffect(() => {
    if (state === 'active') void refreshAfterTagChange(queryClient);
  }, [state, queryClient]);

  let body: ReactNode;
  if (status.isError && !status.data) {
    body = <FailedState title={t`Could not check whether the server registered`} query={status} />;
  } else if (state === 'active') {
    body = (
      <div className={styles.statusLine}>
        <StatusBadge tone="success" icon={CircleCheck}>
          {t`Registered`}
        </StatusBadge>
        <span>
          <Trans>
            <span className={styles.certname}>{token.certname}</span> is registered and reporting.
          </Trans>
        </span>
        <Link to="/user/servers/$certname" params={{ certname: token.certname }}>
          <Trans>Open the server</Trans>
        </Link>
      </div>
    );
  } else if (state === 'install_failed') {
    body = (
      <Banner tone="danger" icon={<CircleX size={20} aria-hidden="true" />}>
        <Trans>The install failed: {status.data?.failure_reason ?? t`no reason was given`}.</Trans>{' '}
        {expired ? (
          <Trans>The token has expired, so generate a new command.</Trans>
        ) : (
          <Trans>Fix the cause and run the same command again.</Trans>
        )}
      </Banner>
    );
  } else if (expired) {
    body = (
      <Banner
        tone="warning"
        icon={<Clock size={20} aria-hidden="true" />}
        action={
          <Button size="sm" variant="secondary" onClick={onAnother}>
            <Trans>Generate a new command</Trans>
          </Button>
        }
      >
        <Trans>The token expired before the server registered.</Trans>
      </Banner>
    );
  } else {
    body = (
      <div className={styles.statusLine}>
        <Spinner label={t`Waiting`} />
        <span>
          {state === 'installing'
            ? t`The script verified the token and is setting the server up…`
            : t`Waiting for the server: run the command on it.`}
        </span>
      </div>
    );
  }

  return (
    <div role="status" aria-live="polite" data-state={expired && state !== 'active' ? 'expired' : state}>
      {body}
    </div>
  );
}
