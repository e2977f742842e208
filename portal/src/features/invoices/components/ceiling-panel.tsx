import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import {
  type CeilingGauge,
  ExpenseCeilingEur,
  type ExpenseCeilings,
  ExpenseCeilingsBody,
} from '@tidewatch/contract';
import { crossedThresholds } from '@tidewatch/domain';
import {
  BarChart,
  Button,
  Card,
  FormAlert,
  fieldProps,
  fieldsetClass,
  legendClass,
  Select,
  StatusBadge,
  TextInput,
} from '@tidewatch/ui';
import { Minus, Plus } from 'lucide-react';
import { formatPercent } from '../../../lib/format';
import { useApiForm } from '../../../lib/forms';
import { notify } from '../../../lib/notify';
import { tagsQueryOptions } from '../../../lib/tags';
import { FailedState, LoadingState } from '../../../shared/query-state/query-state';
import { ceilingsQueryOptions, usePreApprove, useSetCeilings } from '../api/invoices';
import { formatCents } from '../money';
import * as styles from './invoices.css';

/** Month-to-date spend against the customer's and its groups' ceilings, drawn as bars of the ceiling used. */
export function CeilingPanel({ customerId, canManage }: { customerId: string; canManage: boolean }) {
  const { t, i18n } = useLingui();
  const ceilings = useQuery(ceilingsQueryOptions(customerId));
  const preApprove = usePreApprove(customerId);
  const state = ceilings.data;
  if (ceilings.isPending) return <LoadingState lines={2} />;
  if (ceilings.isError || !state)
    return <FailedState title={t`Could not load the expense ceilings`} query={ceilings} inline />;
  const money = (cents: number) => formatCents(cents, i18n.locale);
  const levelBadge = (gauge: CeilingGauge) =>
    gauge.level === 'hard' ? (
      <StatusBadge tone="danger">{t`Hard ceiling reached`}</StatusBadge>
    ) : gauge.level === 'soft' ? (
      <StatusBadge tone="warning">{t`Over 80 %`}</StatusBadge>
    ) : null;
  const bar = (id: string, label: string, gauge: CeilingGauge) => {
    const spent = money(gauge.spent_cents);
    const ceiling = money(gauge.ceiling_cents);
    const forecast = money(gauge.forecast_cents);
    const forecastPercent = gauge.ceiling_cents > 0 ? (gauge.forecast_cents * 100) / gauge.ceiling_cents : 0;
    const forecastShare = formatPercent(forecastPercent, i18n.locale);
    // The warning the month will cross at this pace, when it is one not crossed yet.
    const ahead = crossedThresholds(Math.floor(forecastPercent))
      .filter((threshold) => threshold > gauge.percent)
      .at(-1);
    return {
      id,
      label,
      // The exact share, not the whole percent the levels are judged by: 77.9991 % reads 77.9 %.
      value: gauge.ceiling_cents > 0 ? (gauge.spent_cents * 100) / gauge.ceiling_cents : 0,
      tone: gauge.level === 'under' ? ('brand' as const) : ('warning' as const),
      note: levelBadge(gauge),
      detail:
        ahead === undefined
          ? t`${label}: ${spent} of ${ceiling}; month-end forecast ${forecast} (${forecastShare} of the ceiling)`
          : t`${label}: ${spent} of ${ceiling}; month-end forecast ${forecast} (${forecastShare} of the ceiling): at this pace it passes the ${ahead} % warning`,
    };
  };
  const bars = [
    ...(state.customer ? [bar('customer', t`Whole account`, state.customer)] : []),
    ...state.groups.map((group) => bar(group.tag_id, group.tag_name, group)),
  ];
  const spentSoFar = money(state.spent_cents);
  const forecast = money(state.forecast_cents);
  return (
    <Card title={<Trans>Expense ceilings this month</Trans>} data-testid="ceiling-panel">
      <div className={styles.panel}>
        <p className={styles.muted}>
          <Trans>
            Spent so far: {spentSoFar}. Forecast for the month: {forecast}. At 50 % and 80 % of a ceiling your
            finance contacts and managers are warned by mail; at 100 % only alert handling goes on until you
            approve further work.
          </Trans>
        </p>
        {bars.length > 0 ? (
          <>
            <BarChart
              title={<Trans>Share of each ceiling used (%)</Trans>}
              data={bars}
              formatValue={(value) => formatPercent(value, i18n.locale)}
            />
            <ul className={styles.details}>
              {bars.map((datum) => (
                <li key={datum.id}>{datum.detail}</li>
              ))}
            </ul>
          </>
        ) : (
          <p className={styles.muted}>
            <Trans>No ceiling is set.</Trans>
          </p>
        )}
        {canManage && (
          <>
            <CeilingForm key={ceilings.dataUpdatedAt} customerId={customerId} state={state} />
            {state.reached_ceiling_eur > 0 &&
              (state.pre_approved ? (
                <StatusBadge tone="success">{t`Further work approved this month`}</StatusBadge>
              ) : (
                <div>
                  <Button
                    variant="secondary"
                    onClick={() => preApprove.mutate()}
                    loading={preApprove.isPending}
                  >
                    <Trans>Approve further work this month</Trans>
                  </Button>
                </div>
              ))}
          </>
        )}
      </div>
    </Card>
  );
}

/** In the browser an empty amount or an empty list is left out; the server takes none as null and []. */
const CeilingFormSchema = ExpenseCeilingsBody.extend({
  customer_ceiling_eur: ExpenseCeilingEur.optional(),
  groups: ExpenseCeilingsBody.shape.groups.optional(),
});

/** The customer's own ceiling and one per group of servers (a tag), saved together. */
function CeilingForm({ customerId, state }: { customerId: string; state: ExpenseCeilings }) {
  const { t } = useLingui();
  const save = useSetCeilings(customerId);
  const tags = useQuery(tagsQueryOptions(customerId));
  const { form, fields, pending } = useApiForm(
    CeilingFormSchema,
    async (value) => {
      await save.mutateAsync({
        customer_ceiling_eur: value.customer_ceiling_eur ?? null,
        groups: value.groups ?? [],
      });
      notify.success(t`Ceilings saved`);
    },
    {
      id: `ceilings-${customerId}`,
      defaultValue: {
        customer_ceiling_eur: state.customer ? state.customer.ceiling_cents / 100 : undefined,
        groups: state.groups.map((group) => ({
          tag_id: group.tag_id,
          ceiling_eur: group.ceiling_cents / 100,
        })),
      },
    },
  );
  const groups = fields.groups.getFieldList();
  const amountProps = { type: 'number', min: 0, max: 1_000_000, step: 0.01, inputMode: 'decimal' } as const;
  return (
    <form id={form.id} onSubmit={form.onSubmit} noValidate className={styles.ceilingForm}>
      <TextInput
        label={<Trans>Whole account, monthly (EUR)</Trans>}
        hint={<Trans>Leave empty for no ceiling.</Trans>}
        {...amountProps}
        {...fieldProps(fields.customer_ceiling_eur)}
      />
      <fieldset className={fieldsetClass}>
        <legend className={legendClass}>
          <Trans>Groups of servers, monthly (EUR)</Trans>
        </legend>
        {groups.length === 0 && (
          <p className={styles.muted}>
            <Trans>No group has a ceiling. A group’s ceiling counts its servers’ subscriptions.</Trans>
          </p>
        )}
        {groups.map((group, index) => {
          const group_ = group.getFieldset();
          return (
            <div key={group.key} className={styles.groupCeiling}>
              <Select label={t`Group ${index + 1}`} {...fieldProps(group_.tag_id)} required>
                <option value="">{t`Choose a tag`}</option>
                {(tags.data ?? []).map((tag) => (
                  <option key={tag.id} value={tag.id}>
                    {tag.name}
                  </option>
                ))}
              </Select>
              <TextInput
                label={t`Ceiling of group ${index + 1}`}
                {...amountProps}
                {...fieldProps(group_.ceiling_eur)}
                required
              />
              <Button
                type="submit"
                variant="ghost"
                aria-label={t`Remove group ${index + 1}`}
                icon={<Minus size={16} aria-hidden="true" />}
                {...form.remove.getButtonProps({ name: fields.groups.name, index })}
              >
                <Trans>Remove</Trans>
              </Button>
            </div>
          );
        })}
        {tags.isError && <FailedState inline title={t`Could not load the tags`} query={tags} />}
        <FormAlert errors={fields.groups.errors} />
        <div>
          <Button
            type="submit"
            variant="secondary"
            size="sm"
            icon={<Plus size={16} aria-hidden="true" />}
            disabled={!tags.data || tags.data.length === 0}
            {...form.insert.getButtonProps({ name: fields.groups.name, defaultValue: { tag_id: '' } })}
          >
            <Trans>Add a group ceiling</Trans>
          </Button>
        </div>
      </fieldset>
      <FormAlert errors={form.errors} />
      <div>
        <Button type="submit" loading={pending}>
          <Trans>Save ceilings</Trans>
        </Button>
      </div>
    </form>
  );
}
