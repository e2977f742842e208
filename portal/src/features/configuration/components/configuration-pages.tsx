import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ChangeRequestDetail } from '@tidewatch/contract';
import { Banner, Button, buttonClass, Card, Skeleton } from '@tidewatch/ui';
import { CircleCheck, GitPullRequestArrow } from 'lucide-react';
import { useState } from 'react';
import {
  type ConfigurationTarget,
  targetConfigurationQueryOptions,
  targetName,
  targetSearch,
} from '../api/configuration';
import * as styles from './configuration.css';
import { ConfigurationEditor } from './configuration-editor';
import { CurrentConfiguration, TargetConfiguration } from './current-configuration';
import { DiffView } from './diff-view';
import { TargetPicker } from './target-picker';

interface PageProps {
  customerId: string;
  target: ConfigurationTarget | null;
  onTargetChange(target: ConfigurationTarget): void;
}

/** /user/servers/configuration: what a server or a tag is configured with, and the way to change it. */
export function ConfigurationPage({ customerId, target, onTargetChange }: PageProps) {
  return (
    <>
      <p className={styles.intro}>
        <Trans>
          Roles set what a server is for (a web server, a database) and their settings how it runs. A server
          gets the roles of its tags and its own; changes go through a change request that a customer manager
          merges.
        </Trans>
      </p>
      <TargetPicker customerId={customerId} target={target} onChange={onTargetChange} />
      {target && <CurrentConfiguration customerId={customerId} target={target} />}
    </>
  );
}

/** /user/servers/new-role-configuration: choose roles and settings for a server or a tag; saving opens a change request. */
export function NewRoleConfigurationPage({ customerId, target, onTargetChange }: PageProps) {
  const [opened, setOpened] = useState<ChangeRequestDetail | null>(null);
  return (
    <>
      <p className={styles.intro}>
        <Trans>
          Give a server or every server with a tag up to two roles and set them up. Saving opens a change
          request: nothing changes on the servers until it is merged.
        </Trans>
      </p>
      {opened ? (
        <Opened request={opened} onAgain={() => setOpened(null)} />
      ) : (
        <>
          <TargetPicker customerId={customerId} target={target} onChange={onTargetChange} />
          {target && (
            <Editor
              key={`${target.kind}:${targetName(target)}`}
              customerId={customerId}
              target={target}
              onOpened={setOpened}
            />
          )}
        </>
      )}
    </>
  );
}

function Editor({
  customerId,
  target,
  onOpened,
}: {
  customerId: string;
  target: ConfigurationTarget;
  onOpened(request: ChangeRequestDetail): void;
}) {
  // The form starts from what is live now; a later refetch must not reset what is being typed.
  const configuration = useQuery({ ...targetConfigurationQueryOptions(customerId, target), staleTime: 0 });
  return (
    <TargetConfiguration target={target} query={configuration} loading={<Skeleton height="320px" />}>
      {(current) => (
        <ConfigurationEditor customerId={customerId} target={target} current={current} onOpened={onOpened} />
      )}
    </TargetConfiguration>
  );
}

function Opened({ request, onAgain }: { request: ChangeRequestDetail; onAgain(): void }) {
  const { t } = useLingui();
  const target: ConfigurationTarget =
    request.target.kind === 'server'
      ? { kind: 'server', certname: request.target.name }
      : { kind: 'tag', tag: request.target.name };
  return (
    <Card title={<Trans>Change request #{request.number} opened</Trans>}>
      <div className={styles.stack}>
        <Banner tone="success" icon={<CircleCheck size={20} aria-hidden="true" />} role="status">
          <Trans>
            “{request.title}” waits for review. {request.target.name} keeps its configuration until a customer
            manager merges it.
          </Trans>
        </Banner>
        <DiffView diff={request.diff} label={t`Proposed change to ${request.target.name}`} />
        <div className={styles.row}>
          <Link
            to="/user/servers/merge-request"
            search={{ number: request.number }}
            className={buttonClass({ variant: 'primary' })}
          >
            <GitPullRequestArrow size={16} aria-hidden="true" />
            <Trans>Review change request #{request.number}</Trans>
          </Link>
          <Link
            to="/user/servers/configuration"
            search={targetSearch(target)}
            className={buttonClass({ variant: 'secondary' })}
          >
            <Trans>Back to the configuration</Trans>
          </Link>
          <Button variant="ghost" onClick={onAgain}>
            <Trans>Propose another change</Trans>
          </Button>
        </div>
      </div>
    </Card>
  );
}
