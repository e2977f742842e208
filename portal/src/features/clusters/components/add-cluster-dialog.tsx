import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { plans } from '@tidewatch/content';
import { CLUSTER_PROVIDERS, CLUSTER_TYPES, contract, PLAN_IDS } from '@tidewatch/contract';
import {
  Banner,
  Button,
  Checkbox,
  CodeBlock,
  Dialog,
  FormAlert,
  fieldProps,
  fieldsetClass,
  legendClass,
  Select,
  Spinner,
  StatusBadge,
  TextInput,
} from '@tidewatch/ui';
import { CircleCheck, KeyRound, Minus, Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { useApiForm } from '../../../lib/forms';
import { refreshAfterTagChange, tagsQueryOptions } from '../../../lib/tags';
import { useClusterLabels } from '../../../shared/labels/cluster-labels';
import { FailedState } from '../../../shared/query-state/query-state';
import { bootstrapStatusQueryOptions, useCreateCluster } from '../api/clusters';
import * as styles from './clusters.css';

const body = contract.clusters.create.body;
const UNMANAGED = 'none';

/** The create body as a browser form sends it: "none" is no plan, and replicas arrive as text. */
export const NewClusterForm = body.extend({
  plan: z.enum([...PLAN_IDS, UNMANAGED]).transform((plan) => (plan === UNMANAGED ? null : plan)),
  control_plane_replicas: z.coerce.number().pipe(body.shape.control_plane_replicas.removeDefault()),
});

type Created = Awaited<ReturnType<ReturnType<typeof useCreateCluster>['mutateAsync']>>;

/** Adds a cluster: its name, what it runs on and how it scales; the answer is a bootstrap token, shown once. */
export function AddClusterDialog({
  customerId,
  open,
  onOpenChange,
  onShow,
}: {
  customerId: string;
  open: boolean;
  onOpenChange(open: boolean): void;
  onShow(certname: string): void;
}) {
  const [created, setCreated] = useState<Created | null>(null);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        if (!next) setCreated(null);
      }}
      wide
      title={created ? <Trans>Cluster {created.cluster.name} added</Trans> : <Trans>Add a cluster</Trans>}
      description={
        created ? undefined : (
          <Trans>
            Register the cluster here, then run the bootstrap command so the suite's operator can report in.
          </Trans>
        )
      }
    >
      {created ? (
        <Bootstrap
          customerId={customerId}
          created={created}
          onDone={() => {
            onOpenChange(false);
            setCreated(null);
            onShow(created.cluster.certname);
          }}
        />
      ) : (
        <AddClusterForm customerId={customerId} onCreated={setCreated} onCancel={() => onOpenChange(false)} />
      )}
    </Dialog>
  );
}

function AddClusterForm({
  customerId,
  onCreated,
  onCancel,
}: {
  customerId: string;
  onCreated(created: Created): void;
  onCancel(): void;
}) {
  const { t } = useLingui();
  const labels = useClusterLabels();
  const create = useCreateCluster(customerId);
  const tags = useQuery(tagsQueryOptions(customerId));
  const { form, fields, pending } = useApiForm(
    NewClusterForm,
    async (value) => onCreated(await create.mutateAsync(value)),
    {
      id: 'add-cluster',
      defaultValue: {
        type: 'workload',
        control_plane_replicas: 3,
        node_groups: [{ name: 'workers', min: 3, max: 6 }],
      },
    },
  );
  // Adding and removing a node group are submissions of their own (Conform intents), hence the submit buttons.
  const groups = fields.node_groups.getFieldList();
  const name = typeof fields.name.value === 'string' ? fields.name.value.trim() : '';

  return (
    <form id={form.id} onSubmit={form.onSubmit} noValidate className={styles.form}>
      <div className={styles.formGrid}>
        <div className={styles.wide}>
          <TextInput
            label={<Trans>Name</Trans>}
            hint={
              name ? (
                <Trans>Certname {`${name}.${customerId}`}</Trans>
              ) : (
                <Trans>Lowercase letters, digits and hyphens.</Trans>
              )
            }
            {...fieldProps(fields.name)}
            required
            autoComplete="off"
          />
        </div>
        <Select label={<Trans>Type</Trans>} {...fieldProps(fields.type)} required>
          {CLUSTER_TYPES.map((type) => (
            <option key={type} value={type}>
              {labels.type(type)}
            </option>
          ))}
        </Select>
        <Select label={<Trans>Provider</Trans>} {...fieldProps(fields.provider)} required>
          <option value="">{t`Choose a provider`}</option>
          {CLUSTER_PROVIDERS.map((provider) => (
            <option key={provider} value={provider}>
              {labels.provider(provider)}
            </option>
          ))}
        </Select>
        <Select label={<Trans>Plan</Trans>} {...fieldProps(fields.plan)} required>
          <option value="">{t`Choose a plan`}</option>
          {plans.plans.map((plan) => (
            <option key={plan.id} value={plan.id}>
              {plan.name}
            </option>
          ))}
          <option value={UNMANAGED}>{t`Unmanaged (no plan)`}</option>
        </Select>
        <TextInput
          label={<Trans>Kubernetes version</Trans>}
          hint={<Trans>Optional, e.g. 1.31.</Trans>}
          {...fieldProps(fields.kubernetes_version)}
          autoComplete="off"
        />
        <Select
          label={<Trans>Control-plane replicas</Trans>}
          {...fieldProps(fields.control_plane_replicas)}
          required
        >
          {[1, 3, 5].map((count) => (
            <option key={count} value={count}>
              {count}
            </option>
          ))}
        </Select>
      </div>

      <fieldset className={fieldsetClass}>
        <legend className={legendClass}>
          <Trans>Node groups</Trans>
        </legend>
        {groups.map((group, index) => {
          const group_ = group.getFieldset();
          return (
            <div key={group.key} className={styles.nodeGroup}>
              <TextInput
                label={t`Group ${index + 1} name`}
                {...fieldProps(group_.name)}
                required
                autoComplete="off"
              />
              <TextInput
                label={t`Minimum nodes`}
                type="number"
                min={0}
                {...fieldProps(group_.min)}
                required
              />
              <TextInput
                label={t`Maximum nodes`}
                type="number"
                min={1}
                {...fieldProps(group_.max)}
                required
              />
              <Button
                type="submit"
                variant="ghost"
                aria-label={t`Remove node group ${index + 1}`}
                icon={<Minus size={16} aria-hidden="true" />}
                {...form.remove.getButtonProps({ name: fields.node_groups.name, index })}
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
              name: fields.node_groups.name,
              defaultValue: { name: '', min: 1, max: 3 },
            })}
          >
            <Trans>Add node group</Trans>
          </Button>
        </div>
        {fields.node_groups.errors && (
          <p className={styles.formError}>{fields.node_groups.errors.join(' ')}</p>
        )}
      </fieldset>

      {tags.data && tags.data.length > 0 && (
        <fieldset className={fieldsetClass}>
          <legend className={legendClass}>
            <Trans>Tags</Trans>
          </legend>
          <div className={styles.tagChoices}>
            {tags.data.map((tag) => (
              <Checkbox key={tag.id} label={tag.name} name={fields.tags.name} value={tag.name} />
            ))}
          </div>
          {fields.tags.errors && <p className={styles.formError}>{fields.tags.errors.join(' ')}</p>}
        </fieldset>
      )}
      {tags.isError && <FailedState inline title={t`Could not load the tags`} query={tags} />}

      <FormAlert errors={form.errors} />
      <div className={styles.formActions}>
        <Button variant="secondary" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </Button>
        <Button type="submit" loading={pending}>
          <Trans>Add cluster</Trans>
        </Button>
      </div>
    </form>
  );
}

function Bootstrap({
  customerId,
  created,
  onDone,
}: {
  customerId: string;
  created: Created;
  onDone(): void;
}) {
  const { t, i18n } = useLingui();
  const expires = new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(created.bootstrap.expires_at),
  );
  return (
    <div className={styles.form}>
      <Banner tone="warning" icon={<KeyRound size={20} aria-hidden="true" />}>
        <Trans>
          The bootstrap token is shown only now and works until {expires}. Copy it, or run the command below
          where kubectl reaches the cluster.
        </Trans>
      </Banner>
      <CodeBlock
        code={created.bootstrap.token}
        title={t`Bootstrap token`}
        copyLabel={t`Copy`}
        copiedLabel={t`Copied`}
      />
      <CodeBlock
        code={created.bootstrap.command}
        title={t`Bootstrap command`}
        copyLabel={t`Copy`}
        copiedLabel={t`Copied`}
      />
      <BootstrapStatus customerId={customerId} certname={created.cluster.certname} />
      <div className={styles.formActions}>
        <Button onClick={onDone}>
          <Trans>Done, show the cluster</Trans>
        </Button>
      </div>
    </div>
  );
}

/** Whether the suite's operator has redeemed the token yet, announced as it changes. */
function BootstrapStatus({ customerId, certname }: { customerId: string; certname: string }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const cluster = useQuery(bootstrapStatusQueryOptions(customerId, certname));
  const reported = cluster.data && cluster.data.status !== 'registered' ? cluster.data : null;

  // Once it reported in, the list, the counts and the team pages show it as it is.
  useEffect(() => {
    if (reported) void refreshAfterTagChange(queryClient);
  }, [reported, queryClient]);

  return (
    <div role="status" aria-live="polite" className={styles.row}>
      {reported ? (
        <>
          <StatusBadge tone="success" icon={CircleCheck}>
            {t`Bootstrapped`}
          </StatusBadge>
          <span>
            <Trans>
              The cluster reported in: {reported.node_count} nodes on Kubernetes {reported.kubernetes_version}
              .
            </Trans>
          </span>
        </>
      ) : (
        <>
          <Spinner label={t`Waiting`} />
          <span>
            <Trans>
              Waiting for the suite's operator: run the command where kubectl reaches the cluster.
            </Trans>
          </span>
        </>
      )}
    </div>
  );
}
