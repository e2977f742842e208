import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, fieldsetClass, Select, Skeleton, TextInput } from '@tidewatch/ui';
import { Search, Server, Tag } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { tagsQueryOptions } from '../../../lib/tags';
import { QueryState } from '../../../shared/query-state/query-state';
import { type ConfigurationTarget, serverSearchQueryOptions, targetName } from '../api/configuration';
import * as styles from './configuration.css';
import { useRoleNames } from './role-names';

/** Chooses what to configure: a server, found by part of its certname, or a tag. */
export function TargetPicker({
  customerId,
  target,
  onChange,
}: {
  customerId: string;
  target: ConfigurationTarget | null;
  onChange(target: ConfigurationTarget): void;
}) {
  const { t } = useLingui();
  const [kind, setKind] = useState<ConfigurationTarget['kind']>(target?.kind ?? 'server');
  const [picking, setPicking] = useState(target === null);
  if (target && !picking) {
    const Icon = target.kind === 'server' ? Server : Tag;
    return (
      <Card title={<Trans>What to configure</Trans>}>
        <div className={styles.between}>
          <p className={styles.row}>
            <Icon size={18} aria-hidden="true" />
            {target.kind === 'server' ? <Trans>Server</Trans> : <Trans>Every server with the tag</Trans>}
            <strong className={styles.mono}>{targetName(target)}</strong>
          </p>
          <Button variant="secondary" size="sm" onClick={() => setPicking(true)}>
            <Trans>Choose another</Trans>
          </Button>
        </div>
      </Card>
    );
  }
  const choose = (next: ConfigurationTarget) => {
    setPicking(false);
    onChange(next);
  };
  return (
    <Card title={<Trans>What to configure</Trans>}>
      <div className={styles.stack}>
        <fieldset className={fieldsetClass}>
          <legend className={styles.legend}>
            <Trans>Apply to</Trans>
          </legend>
          <div className={styles.segmented}>
            {(['server', 'tag'] as const).map((value) => (
              <label key={value} className={styles.row}>
                <input
                  type="radio"
                  name="target-kind"
                  value={value}
                  checked={kind === value}
                  onChange={() => setKind(value)}
                />
                {value === 'server' ? t`One server` : t`Every server with a tag`}
              </label>
            ))}
          </div>
        </fieldset>
        {kind === 'server' ? (
          <ServerChoice
            customerId={customerId}
            chosen={target?.kind === 'server' ? target.certname : null}
            onChoose={(certname) => choose({ kind: 'server', certname })}
          />
        ) : (
          <TagChoice
            customerId={customerId}
            chosen={target?.kind === 'tag' ? target.tag : null}
            onChoose={(tag) => choose({ kind: 'tag', tag })}
          />
        )}
      </div>
    </Card>
  );
}

function ServerChoice({
  customerId,
  chosen,
  onChoose,
}: {
  customerId: string;
  chosen: string | null;
  onChoose(certname: string): void;
}) {
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query.trim());
  const { t } = useLingui();
  const roleNames = useRoleNames();
  const servers = useQuery({
    ...serverSearchQueryOptions(customerId, deferred),
    placeholderData: keepPreviousData,
  });
  return (
    <fieldset className={fieldsetClass}>
      <legend className={styles.legend}>
        <Trans>Server</Trans>
      </legend>
      <TextInput
        label={<Trans>Find by certname</Trans>}
        type="search"
        prefix={<Search size={16} aria-hidden="true" />}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
      />
      <QueryState
        query={servers}
        failed={t`Could not load the servers`}
        loading={<Skeleton height="120px" />}
        empty={
          <p className={styles.muted}>
            <Trans>No server matches “{query}”.</Trans>
          </p>
        }
      >
        {(rows) => (
          <ul className={styles.options} aria-busy={servers.isFetching || undefined}>
            {rows.map((server) => (
              <li key={server.certname}>
                <label className={styles.option}>
                  <input
                    type="radio"
                    name="target-server"
                    value={server.certname}
                    checked={chosen === server.certname}
                    onChange={() => onChoose(server.certname)}
                  />
                  <span className={styles.optionText}>
                    <span className={styles.mono}>{server.certname}</span>
                    <span className={styles.muted}>
                      {server.roles.length > 0 ? roleNames(server.roles) : <Trans>No roles</Trans>}
                    </span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </fieldset>
  );
}

function TagChoice({
  customerId,
  chosen,
  onChoose,
}: {
  customerId: string;
  chosen: string | null;
  onChoose(tag: string): void;
}) {
  const { t } = useLingui();
  const tags = useQuery(tagsQueryOptions(customerId));
  return (
    <QueryState query={tags} failed={t`Could not load the tags`} loading={<Skeleton height="40px" />}>
      {(rows) => (
        <Select
          label={<Trans>Tag</Trans>}
          hint={
            <Trans>
              Every server with the tag gets it, unless the server itself or one of its earlier tags says
              otherwise.
            </Trans>
          }
          value={chosen ?? ''}
          onChange={(event) => event.target.value && onChoose(event.target.value)}
        >
          <option value="">{t`Choose a tag`}</option>
          {rows.map((tag) => (
            <option key={tag.id} value={tag.name}>
              {tag.name}
            </option>
          ))}
        </Select>
      )}
    </QueryState>
  );
}
