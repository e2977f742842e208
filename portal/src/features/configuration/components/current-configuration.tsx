import { Trans, useLingui } from '@lingui/react/macro';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ChangeRequestSummary, Configuration } from '@tidewatch/contract';
import { ApiError } from '@tidewatch/contract/client';
import { buttonClass, Card, CodeBlock, EmptyState, Skeleton } from '@tidewatch/ui';
import { Pencil, SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { QueryState } from '../../../shared/query-state/query-state';
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

  const forTarget = (requests: ChangeRequestSummary[]) =>
    requests.filter((request) => request.target.kind === target.kind && request.target.name === name);

  return (
    <TargetConfiguration target={target} query={configuration} loading={<Skeleton height="240px" />}>
      {(current) => (
        <>
          <Card title={<Trans>Configuration of {name}</Trans>}>
            <div className={styles.stack}>
              <RoleSettings configuration={current} />
              <CodeBlock
                code={current.yaml}
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
            <QueryState
              query={openRequests}
              failed={t`Could not load the open change requests`}
              isEmpty={(requests) => forTarget(requests).length === 0}
              empty={
                <p className={styles.muted}>
                  <Trans>None: what you see above is what the agents apply.</Trans>
                </p>
              }
            >
              {(requests) => (
                <ul className={styles.plainList}>
                  {forTarget(requests).map((request) => (
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
            </QueryState>
          </Card>
        </>
      )}
    </TargetConfiguration>
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

/** A target's configuration once loaded; a target the customer doesn't have is said so, other failures offer Retry. */
export function TargetConfiguration({
  target,
  query,
  loading,
  children,
}: {
  target: ConfigurationTarget;
  query: UseQueryResult<Configuration>;
  loading: ReactNode;
  children(configuration: Configuration): ReactNode;
}) {
  const { t } = useLingui();
  const missing =
    query.error instanceof TargetNotFoundError ||
    (query.error instanceof ApiError && query.error.status === 404);
  if (missing) return <TargetMissing target={target} />;
  return (
    <QueryState query={query} failed={t`Could not load the configuration`} loading={loading}>
      {children}
    </QueryState>
  );
}

/** The URL named a server or tag this customer doesn't have. */
function TargetMissing({ target }: { target: ConfigurationTarget }) {
  const name = targetName(target);
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
