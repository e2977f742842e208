import { Trans, useLingui } from '@lingui/react/macro';
import type { RoleDefinition, RoleParameter } from '@tidewatch/content';
import type { ChangeRequestDetail, Configuration } from '@tidewatch/contract';
import { MAX_SERVER_ROLES, type RoleRefusal } from '@tidewatch/domain';
import { formLanguage } from '@tidewatch/i18n';
import { Badge, Button, Card, Checkbox, FormAlert, fieldsetClass, Select, TextInput } from '@tidewatch/ui';
import { Ban, GitPullRequestArrow, Lock } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { apiFormErrors } from '../../../lib/forms';
import { type ConfigurationTarget, targetName, useOpenChangeRequest } from '../api/configuration';
import {
  type FieldValue,
  groupLabel,
  initialValues,
  isSecretSet,
  isUnchanged,
  localize,
  parameterGroups,
  ROLES,
  type RoleValues,
  refusalOf,
  roleById,
  toParameters,
  type ValueProblem,
} from '../role-form';
import * as styles from './configuration.css';

/** A refusal by the blending rules; the limit of two is said once for all roles. */
type RuleRefusal = Exclude<RoleRefusal, { kind: 'limit' }>;

const fieldId = (roleId: string, key: string) => `parameter-${roleId}-${key}`;

/**
 * Roles (at most two, blended by the domain's rules) and their parameters for a server or a tag,
 * as a form generated from the role catalogue. Saving opens a change request; nothing live changes.
 */
export function ConfigurationEditor({
  customerId,
  target,
  current,
  onOpened,
}: {
  customerId: string;
  target: ConfigurationTarget;
  current: Configuration;
  onOpened(request: ChangeRequestDetail): void;
}) {
  const { t, i18n } = useLingui();
  const translate = formLanguage(i18n).translate;
  const [chosen, setChosen] = useState<string[]>(current.roles);
  // Every role's values are kept, so unticking and ticking a role again keeps what was typed.
  const [values, setValues] = useState<Record<string, RoleValues>>(() =>
    Object.fromEntries(ROLES.map((role) => [role.id, initialValues(role, current.parameters[role.id])])),
  );
  const [title, setTitle] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<{ fields: Record<string, string[]>; form: string[] }>({
    fields: {},
    form: [],
  });
  const open = useOpenChangeRequest(customerId);

  const converted = chosen.flatMap((id) => {
    const role = roleById(id);
    return role ? [{ role, ...toParameters(role, values[id] ?? {}) }] : [];
  });
  const parameters = Object.fromEntries(converted.map((entry) => [entry.role.id, entry.parameters]));
  const problems = converted.flatMap(({ role, problems: byKey }) =>
    role.parameters.flatMap((parameter) => {
      const problem = byKey[parameter.key];
      return problem ? [{ role, parameter, problem }] : [];
    }),
  );
  const hasProblems = problems.length > 0;
  // A value that can't be sent is what is wrong; whether the rest changes is only asked once it can.
  const unchanged = !hasProblems && isUnchanged(current, chosen, parameters);

  function toggle(id: string) {
    setServerErrors({ fields: {}, form: [] });
    setChosen((roles) => (roles.includes(id) ? roles.filter((role) => role !== id) : [...roles, id]));
  }

  function setValue(roleId: string, key: string, value: FieldValue) {
    setValues((all) => ({ ...all, [roleId]: { ...all[roleId], [key]: value } }));
  }

  function problemText(problem: ValueProblem): string {
    if (problem.kind === 'integer') return t`Enter a whole number`;
    const { min, max } = problem;
    if (min !== undefined && max !== undefined) return t`Enter a number from ${min} to ${max}`;
    return min !== undefined ? t`Enter at least ${min}` : t`Enter at most ${max}`;
  }

  function refusalText(refusal: RuleRefusal): string {
    const role = roleById(refusal.role.id);
    const name = role ? localize(role.name, i18n.locale) : refusal.role.name;
    return refusal.kind === 'monitoring'
      ? t`${name} is a monitoring role and runs alone, so it can't be combined with another role.`
      : t`${name} runs alone: it can't be combined with another role.`;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (hasProblems || unchanged) {
      const first = problems[0];
      if (first) document.getElementById(fieldId(first.role.id, first.parameter.key))?.focus();
      return;
    }
    try {
      const request = await open.mutateAsync({
        target,
        title: title.trim() || undefined,
        roles: chosen,
        parameters,
      });
      onOpened(request);
    } catch (error) {
      const errors = apiFormErrors(error);
      if (!errors) throw error;
      setServerErrors({
        fields: Object.fromEntries(
          Object.entries(errors.fieldErrors ?? {}).map(([field, messages]) => [
            field,
            messages.map((message) => translate(message)),
          ]),
        ),
        form: errors.formErrors.map((message) => translate(message)),
      });
    }
  }

  const roleErrors = serverErrors.fields.roles ?? [];
  const targetErrors = [
    ...(serverErrors.fields['target.certname'] ?? []),
    ...(serverErrors.fields['target.tag'] ?? []),
  ];
  const formErrors = [...targetErrors, ...serverErrors.form];

  return (
    <form onSubmit={submit} noValidate className={styles.stack}>
      <Card title={<Trans>Roles</Trans>}>
        <fieldset className={fieldsetClass} aria-describedby="roles-rules">
          <legend className={styles.legend}>
            <Trans>Roles for {targetName(target)}</Trans>
          </legend>
          <p id="roles-rules" className={styles.muted}>
            <Trans>
              Choose up to two. Roles that combine can share a server; a monitoring role, and any role that
              doesn't combine, runs alone.
            </Trans>
          </p>
          {chosen.length >= MAX_SERVER_ROLES && (
            <p className={styles.refusal} role="status">
              <Ban size={16} aria-hidden="true" />
              <Trans>Two roles are chosen: untick one to choose another.</Trans>
            </p>
          )}
          <ul className={styles.roles}>
            {ROLES.map((role) => (
              <RoleOption
                key={role.id}
                role={role}
                chosen={chosen.includes(role.id)}
                refusal={refusalOf(chosen, role.id)}
                refusalText={refusalText}
                onToggle={() => toggle(role.id)}
              />
            ))}
          </ul>
          {roleErrors.length > 0 && <p className={styles.formError}>{roleErrors.join(' ')}</p>}
        </fieldset>
      </Card>

      {converted.map(({ role, problems }) => (
        <Card key={role.id} title={t`${localize(role.name, i18n.locale)}: settings`}>
          <div className={styles.stack}>
            {parameterGroups(role).map(({ group, parameters: groupParameters }) => (
              <fieldset key={group} className={fieldsetClass}>
                <legend className={styles.groupLegend}>{groupLabel(group, i18n.locale)}</legend>
                <div className={styles.fields}>
                  {groupParameters.map((parameter) => {
                    const problem = submitted ? problems[parameter.key] : undefined;
                    const errors = [
                      ...(problem ? [problemText(problem)] : []),
                      ...(serverErrors.fields[`parameters.${role.id}.${parameter.key}`] ?? []),
                    ];
                    return (
                      <ParameterField
                        key={parameter.key}
                        roleId={role.id}
                        parameter={parameter}
                        value={values[role.id]?.[parameter.key] ?? ''}
                        secretSet={isSecretSet(current.parameters[role.id], parameter.key)}
                        errors={errors}
                        onChange={(value) => setValue(role.id, parameter.key, value)}
                      />
                    );
                  })}
                </div>
              </fieldset>
            ))}
          </div>
        </Card>
      ))}

      <Card title={<Trans>Change request</Trans>}>
        <div className={styles.stack}>
          <TextInput
            label={<Trans>Title</Trans>}
            hint={<Trans>Optional: without one, the title names the target and its roles.</Trans>}
            value={title}
            maxLength={200}
            onChange={(event) => setTitle(event.target.value)}
          />
          {submitted && unchanged && (
            <p className={styles.formError} role="alert">
              <Trans>Nothing to change: this is the configuration as it is.</Trans>
            </p>
          )}
          {submitted && hasProblems && (
            <p className={styles.formError} role="alert">
              {problems
                .map(
                  ({ parameter, problem }) =>
                    `${localize(parameter.label, i18n.locale)}: ${problemText(problem)}.`,
                )
                .join(' ')}
            </p>
          )}
          <FormAlert errors={formErrors} />
          <div className={styles.row}>
            <Button
              type="submit"
              loading={open.isPending}
              icon={<GitPullRequestArrow size={16} aria-hidden="true" />}
            >
              <Trans>Open change request</Trans>
            </Button>
            <span className={styles.muted}>
              <Trans>Nothing changes on {targetName(target)} until the change request is merged.</Trans>
            </span>
          </div>
        </div>
      </Card>
    </form>
  );
}

function RoleOption({
  role,
  chosen,
  refusal,
  refusalText,
  onToggle,
}: {
  role: RoleDefinition;
  chosen: boolean;
  refusal: RoleRefusal | null;
  refusalText(refusal: RuleRefusal): string;
  onToggle(): void;
}) {
  const { t, i18n } = useLingui();
  const id = `role-${role.id}`;
  const reason = refusal && refusal.kind !== 'limit' ? refusalText(refusal) : null;
  const trait = role.monitoring
    ? t`Monitoring: runs alone`
    : role.blendable
      ? t`Combines with another role`
      : t`Runs alone`;
  return (
    <li className={styles.roleOption} data-chosen={chosen}>
      <Checkbox
        id={id}
        label={localize(role.name, i18n.locale)}
        description={localize(role.description, i18n.locale)}
        checked={chosen}
        disabled={refusal !== null}
        onChange={onToggle}
        aria-describedby={[`${id}-description`, `${id}-trait`, refusal && `${id}-refusal`]
          .filter(Boolean)
          .join(' ')}
      />
      <span className={styles.row}>
        <Badge id={`${id}-trait`} tone={role.blendable ? 'success' : 'neutral'}>
          {trait}
        </Badge>
      </span>
      {reason && (
        <p id={`${id}-refusal`} className={styles.refusal}>
          <Ban size={16} aria-hidden="true" />
          {reason}
        </p>
      )}
    </li>
  );
}

function ParameterField({
  roleId,
  parameter,
  value,
  secretSet,
  errors,
  onChange,
}: {
  roleId: string;
  parameter: RoleParameter;
  value: FieldValue;
  secretSet: boolean;
  errors: string[];
  onChange(value: FieldValue): void;
}) {
  const { t, i18n } = useLingui();
  const id = fieldId(roleId, parameter.key);
  const label = localize(parameter.label, i18n.locale);
  const text = typeof value === 'string' ? value : '';
  const defaultHint =
    parameter.default === null || parameter.default === ''
      ? undefined
      : t`Default: ${String(parameter.default)}`;

  if (parameter.type === 'boolean') {
    return (
      <Checkbox
        id={id}
        label={label}
        description={t`Default: ${parameter.default ? t`on` : t`off`}`}
        checked={value === true}
        onChange={(event) => onChange(event.target.checked)}
      />
    );
  }
  if (parameter.type === 'enum') {
    return (
      <Select
        id={id}
        label={label}
        hint={defaultHint}
        errors={errors}
        value={text}
        onChange={(event) => onChange(event.target.value)}
      >
        {parameter.default === null && <option value="">{t`Not set`}</option>}
        {parameter.options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </Select>
    );
  }
  if (parameter.secret) {
    return (
      <TextInput
        id={id}
        type="password"
        autoComplete="new-password"
        label={label}
        hint={secretSet ? t`Set. Leave empty to keep it, or type a new one.` : t`Not set.`}
        prefix={<Lock size={16} aria-hidden="true" />}
        errors={errors}
        value={text}
        onChange={(event) => onChange(event.target.value)}
      />
    );
  }
  if (parameter.type === 'integer') {
    const range =
      parameter.min !== undefined && parameter.max !== undefined
        ? t`From ${parameter.min} to ${parameter.max}.`
        : undefined;
    return (
      <TextInput
        id={id}
        type="number"
        inputMode="numeric"
        step={1}
        min={parameter.min}
        max={parameter.max}
        label={label}
        hint={[range, defaultHint].filter(Boolean).join(' ') || undefined}
        errors={errors}
        value={text}
        onChange={(event) => onChange(event.target.value)}
      />
    );
  }
  return (
    <TextInput
      id={id}
      label={label}
      hint={defaultHint}
      errors={errors}
      value={text}
      autoComplete="off"
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
