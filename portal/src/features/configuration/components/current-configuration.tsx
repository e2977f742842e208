import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { Configuration } from '@tidewatch/contract';
import { ApiError } from '@tidewatch/contract/client';
import { buttonClass, Card, CodeBlock, EmptyState, Skeleton } from '@tidewatch/ui';
import { Pencil, SearchX } from 'lucide-react';
import { changeRequestsQueryOptions } from '../api/change-requests';
import {
  type ConfigurationTarget,
  TargetNotFoundError,
  targetConfigurationQueryOptions,
  targetName,
  targetSearch,
} from '../api/configuration';
import { isSecretSet, localize, roleById } from '../role-form';
import { useAuthorLabel } from './author-label';
import * as styles from './configuration.css';

/** A target's live roles and settings, its YAML, and the change requests still open for it. */
export function CurrentConfiguration({
  customerId,
  target,
}: {
  customerId: string;
  target: ConfigurationTarget;
}) {
  const { t } = useLingui();
  const authorLabel = useAuthorLabel();
  const configuration = useQuery(targetConfigurationQueryOptions(customerId, target));
  const openRequests = useQuery(changeRequestsQueryOptions(customerId, 'open'));
  const name = targetName(target);

  if (configuration.error) return <TargetMissing target={target} error={configuration.error} />;
  if (!configuration.data) return <Skeleton height="240px" />;
  const forTarget = (openRequests.data ?? []).filter(
    (request) => request.target.kind === target.kind && request.target.name === name,
  );

  return (
    <>
      <Card title={<Trans>Configuration of {name}</Trans>}>
        <div className={styles.stack}>
          <RoleSettings configuration={configuration.data} />
          <CodeBlock
            code={configuration.data.yaml}
            title={`${name}.yaml`}
            copyLabel={t`Copy`}
            copiedLabel={t`Copied`}
          />
          <div className={styles.row}>
            <Link
              to="/user/servers/new-role-configuration"
              search={targetSearch(target)}
              className={buttonClass({ variant: 'primary' })}
            >
              <Pencil size={16} aria-hidden="true" />
              <Trans>Change roles and settings</Trans>
            </Link>
          </div>
        </div>
      </Card>
      <Card title={<Trans>Open change requests for {name}</Trans>}>
        {forTarget.length === 0 ? (
          <p className={styles.muted}>
            <Trans>None: what you see above is what the agents apply.</Trans>
          </p>
        ) : (
          <ul className={styles.plainList}>
            {forTarget.map((request) => (
              <li key={request.number}>
                <Link to="/user/servers/merge-request" search={{ number: request.number }}>
                  #{request.number} {request.title}
                </Link>{' '}
                <span className={styles.muted}>
                  <Trans>by {authorLabel(request)}</Trans>
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </>
  );
}

function RoleSettings({ configuration }: { configuration: Configuration }) {
  const { t, i18n } = useLingui();
  if (configuration.roles.length === 0) {
    return (
      <p className={styles.muted}>
        <Trans>No roles yet.</Trans>
      </p>
    );
  }
  return (
    <>
      {configuration.roles.map((id) => {
        const role = roleById(id);
        const values = configuration.parameters[id] ?? {};
        return (
          <section
            key={id}
            className={styles.stack}
            aria-label={role ? localize(role.name, i18n.locale) : id}
          >
            <h3 className={styles.legend}>{role ? localize(role.name, i18n.locale) : id}</h3>
            <dl className={styles.parameters}>
              {(role?.parameters ?? []).map((parameter) => {
                const value = values[parameter.key];
                const shown = parameter.secret
                  ? isSecretSet(values, parameter.key)
                    ? t`Set (hidden)`
                    : t`Not set`
                  : typeof value === 'boolean'
                    ? value
                      ? t`Yes`
                      : t`No`
                    : value === null || value === undefined || value === ''
                      ? '—'
                      : String(value);
                return (
                  <div key={parameter.key} className={styles.parameterRow}>
                    <dt className={styles.term}>{localize(parameter.label, i18n.locale)}</dt>
                    <dd className={styles.definition}>{shown}</dd>
                  </div>
                );
              })}
            </dl>
          </section>
        );
      })}
    </>
  );
}

/** The URL named a server or tag this customer doesn't have. */
export function TargetMissing({ target, error }: { target: ConfigurationTarget; error: unknown }) {
  const name = targetName(target);
  if (!(error instanceof TargetNotFoundError) && !(error instanceof ApiError && error.status === 404)) {
    return (
      <EmptyState
        icon={<SearchX size={32} aria-hidden="true" />}
        title={<Trans>Could not load the configuration</Trans>}
      >
        <p>
          <Trans>Try again in a moment.</Trans>
        </p>
      </EmptyState>
    );
  }
  return (
    <EmptyState
      icon={<SearchX size={32} aria-hidden="true" />}
      title={
        target.kind === 'server' ? (
          <Trans>No server called “{name}”</Trans>
        ) : (
          <Trans>No tag called “{name}”</Trans>
        )
      }
    >
      <p>
        <Trans>Choose another above.</Trans>
      </p>
    </EmptyState>
  );
}
