import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { API_TOKEN_DEFAULT_DAYS, API_TOKEN_MAX_DAYS, ApiTokenFields } from '@tidewatch/contract';
import {
  Banner,
  Button,
  Checkbox,
  CodeBlock,
  Dialog,
  FormAlert,
  TextInput,
  visuallyHidden,
} from '@tidewatch/ui';
import { Check, TriangleAlert } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { API_REFERENCE_PATH } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { useApiForm } from '../../../lib/forms';
import { type CreatedApiToken, useCreateApiToken } from '../api/api-tokens';
import { exampleCall } from '../example-call';
import { expiryAfter } from '../expiry';
import * as styles from './api-tokens.css';
import { API_SCOPE_GROUPS, API_SCOPE_LABELS } from './scope-labels';

/** The lifetimes offered with one click; any other from 1 to 365 days can be typed. */
const EXPIRY_PRESETS = [30, 90, 180, 365] as const;

/**
 * Makes an API token, then shows it once in the same dialog with a call to try it. Mounted afresh
 * for each opening, so a shown token is gone once the dialog closes.
 */
export function NewTokenDialog({
  customerId,
  open,
  onOpenChange,
}: {
  customerId: string;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const close = () => onOpenChange(false);
  const name = created?.name ?? '';
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      wide
      title={created ? <Trans>Copy your new token “{name}”</Trans> : <Trans>New API token</Trans>}
      description={
        created ? undefined : (
          <Trans>
            A token lets your scripts and tools call the API for your account, with only the scopes you
            choose, until it expires or is revoked.
          </Trans>
        )
      }
    >
      {created ? (
        <ShownToken customerId={customerId} token={created} onDone={close} />
      ) : (
        <NewTokenForm customerId={customerId} onCreated={setCreated} onCancel={close} />
      )}
    </Dialog>
  );
}

function NewTokenForm({
  customerId,
  onCreated,
  onCancel,
}: {
  customerId: string;
  onCreated(token: CreatedApiToken): void;
  onCancel(): void;
}) {
  const { t, i18n } = useLingui();
  const create = useCreateApiToken(customerId);
  const [days, setDays] = useState(String(API_TOKEN_DEFAULT_DAYS));
  const { form, fields, pending } = useApiForm(
    ApiTokenFields,
    async (value) => onCreated(await create.mutateAsync(value)),
    // Checked when sent, then as the fields change, as the webhook form: a check on leaving the
    // name, just before the click that sends, would keep the scopes' error out of the first answer.
    { id: 'new-api-token', validateOn: 'submit' },
  );
  const scopesErrorId = `${fields.scopes.id}-error`;
  // The list's own errors and those of its items (the server names a refused scope "scopes.0").
  const scopeErrors = [...new Set(Object.values(fields.scopes.allErrors).flat())];
  const typedDays = Number(days);
  const endsOn =
    Number.isInteger(typedDays) && typedDays >= 1 && typedDays <= API_TOKEN_MAX_DAYS
      ? formatDateTime(expiryAfter(typedDays, new Date()).toISOString(), i18n.locale)
      : null;

  return (
    <form id={form.id} onSubmit={form.onSubmit} noValidate className={styles.form}>
      <TextInput
        label={<Trans>Name</Trans>}
        hint={<Trans>What uses it, so you know which to revoke, e.g. CI sync.</Trans>}
        name={fields.name.name}
        id={fields.name.id}
        errors={fields.name.errors}
        required
        autoComplete="off"
        maxLength={100}
      />
      <fieldset
        className={styles.fieldset}
        aria-describedby={scopeErrors.length > 0 ? scopesErrorId : undefined}
      >
        <legend className={styles.legend}>
          <Trans>What it may do</Trans>
          <span className={styles.required} aria-hidden="true">
            *
          </span>
        </legend>
        <div className={styles.groups}>
          {API_SCOPE_GROUPS.map((group) => (
            <fieldset key={group.label.id} className={styles.fieldset}>
              <legend className={styles.groupLegend}>{i18n._(group.label)}</legend>
              {group.scopes.map((scope) => (
                <Checkbox
                  key={scope}
                  name={fields.scopes.name}
                  value={scope}
                  label={i18n._(API_SCOPE_LABELS[scope].name)}
                  description={
                    <>
                      {i18n._(API_SCOPE_LABELS[scope].covers)}
                      <code className={styles.scopeCode}>{scope}</code>
                    </>
                  }
                />
              ))}
            </fieldset>
          ))}
        </div>
        {scopeErrors.length > 0 && (
          <p id={scopesErrorId} className={styles.fieldError}>
            {scopeErrors.join(' ')}
          </p>
        )}
      </fieldset>
      <div className={styles.fieldset}>
        <TextInput
          label={<Trans>Days until it expires</Trans>}
          hint={
            endsOn ? (
              <Trans>It stops working on {endsOn}. At most 365 days.</Trans>
            ) : (
              <Trans>From 1 to 365 days.</Trans>
            )
          }
          name={fields.expires_in_days.name}
          id={fields.expires_in_days.id}
          errors={fields.expires_in_days.errors}
          type="number"
          inputMode="numeric"
          min={1}
          max={API_TOKEN_MAX_DAYS}
          step={1}
          value={days}
          onChange={(event) => setDays(event.target.value)}
        />
        <fieldset className={styles.presets}>
          <legend className={visuallyHidden}>{t`Common lifetimes`}</legend>
          {EXPIRY_PRESETS.map((preset) => (
            <Button
              key={preset}
              variant="secondary"
              size="sm"
              aria-pressed={typedDays === preset}
              icon={typedDays === preset ? <Check size={14} aria-hidden="true" /> : undefined}
              onClick={() => setDays(String(preset))}
            >
              <Plural value={preset} one="# day" other="# days" />
            </Button>
          ))}
        </fieldset>
      </div>
      <FormAlert errors={form.errors} />
      <div className={styles.formActions}>
        <Button variant="secondary" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </Button>
        <Button type="submit" loading={pending}>
          <Trans>Make token</Trans>
        </Button>
      </div>
    </form>
  );
}

/**
 * A new token, the one time it is shown, with a copy button, a warning that it will not be shown
 * again and a call to try it with. Focus moves to its copy button.
 */
function ShownToken({
  customerId,
  token,
  onDone,
}: {
  customerId: string;
  token: CreatedApiToken;
  onDone(): void;
}) {
  const { t, i18n } = useLingui();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.querySelector('button')?.focus();
  }, []);
  const expires = formatDateTime(token.expires_at, i18n.locale);
  return (
    <div ref={box} className={styles.shown}>
      <CodeBlock code={token.token} title={t`API token`} copyLabel={t`Copy`} copiedLabel={t`Copied`} />
      <Banner tone="warning" icon={<TriangleAlert size={18} aria-hidden="true" />}>
        <Trans>
          This is the only time the token is shown: we keep no copy we could show you again. Copy it now into
          your secret store. If it is lost, revoke it and make a new one.
        </Trans>
      </Banner>
      <p className={styles.intro}>
        <Trans>
          Send it in the Authorization header of each call, as below. It works until{' '}
          <time dateTime={token.expires_at}>{expires}</time>; every call is in the activity under its name.
        </Trans>
      </p>
      <CodeBlock
        code={exampleCall(window.location.origin, customerId, token.token, token.scopes)}
        title={t`Try it`}
        copyLabel={t`Copy`}
        copiedLabel={t`Copied`}
      />
      <p className={styles.intro}>
        {/* A new tab: leaving this page would lose the token before it is copied. */}
        <Trans>
          Every route a token can call is in the{' '}
          <a href={API_REFERENCE_PATH} target="_blank" rel="noopener">
            API reference
          </a>
          , which opens in a new tab.
        </Trans>
      </p>
      <div className={styles.formActions}>
        <Button onClick={onDone}>
          <Trans>Done</Trans>
        </Button>
      </div>
    </div>
  );
}
