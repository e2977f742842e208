import { useLingui as useLinguiCore } from '@lingui/react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { Proposal, WindowConfiguration, WindowSettings } from '@tidewatch/contract';
import { formatDuration } from '@tidewatch/domain';
import { Button, Card, Dialog, EmptyState, StatusBadge } from '@tidewatch/ui';
import { CalendarCog, Gavel, History, Pencil } from 'lucide-react';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { FailedState, LoadingState } from '../../../shared/query-state/query-state';
import {
  configurationsQueryOptions,
  proposalsQueryOptions,
  useConfigure,
  usePropose,
  useResolveProposal,
  versionsQueryOptions,
} from '../api/service-windows';
import { APPLIES_TO, REQUEST_STATUS, weekdayName } from './labels';
import { ResolveDialog } from './resolve-dialog';
import * as styles from './service-windows.css';
import { DEFAULT_SETTINGS, SettingsForm } from './settings-form';

/**
 * /customer/service-window/configuration: each update group's weekly window. Staff edit it
 * directly and answer proposals; everyone else proposes a change (Update Configuration).
 */
export function ConfigurationPage({
  customerId,
  isStaff,
  canPropose,
}: {
  customerId: string;
  isStaff: boolean;
  /** Whether the server lets the caller propose a change (finance only reads another customer's windows). */
  canPropose: boolean;
}) {
  const { t } = useLingui();
  const configurations = useQuery({
    ...configurationsQueryOptions(customerId),
    meta: { errorMessage: t`Could not load the configurations` },
  });
  const proposals = useQuery(proposalsQueryOptions(customerId, 'pending'));
  const [editing, setEditing] = useState<WindowConfiguration | null>(null);
  if (configurations.isPending) return <LoadingState lines={6} />;
  if (configurations.isError)
    return <FailedState title={t`Could not load the configurations`} query={configurations} />;
  if (configurations.data.length === 0)
    return (
      <EmptyState
        icon={<CalendarCog size={32} aria-hidden="true" />}
        title={<Trans>No update groups yet</Trans>}
      >
        <p>
          {isStaff ? (
            <Trans>
              Make a tag of the type Update group under Tags, add servers and clusters, then set its window
              here.
            </Trans>
          ) : (
            <Trans>
              Make a tag of the type Update group under Tags, add servers and clusters, then propose its
              window here; our staff answer the proposal.
            </Trans>
          )}
        </p>
      </EmptyState>
    );
  return (
    <div className={styles.stack}>
      <p className={styles.intro}>
        {isStaff ? (
          <Trans>Set each update group's window; changes book the coming eight weeks again.</Trans>
        ) : !canPropose ? (
          <Trans>Each update group is patched in its weekly window.</Trans>
        ) : (
          <Trans>
            Each update group is patched in its weekly window. Propose a change and our staff answer it; the
            coming windows follow once it is accepted.
          </Trans>
        )}
      </p>
      {proposals.isError && <FailedState inline title={t`Could not load the proposals`} query={proposals} />}
      <div className={styles.cards}>
        {configurations.data.map((item) => (
          <GroupCard
            key={item.group.id}
            customerId={customerId}
            item={item}
            isStaff={isStaff}
            proposals={(proposals.data?.data ?? []).filter((proposal) => proposal.group.id === item.group.id)}
            onEdit={isStaff || canPropose ? () => setEditing(item) : undefined}
          />
        ))}
      </div>
      <EditDialog customerId={customerId} item={editing} isStaff={isStaff} onClose={() => setEditing(null)} />
    </div>
  );
}

function SettingsFacts({ settings }: { settings: WindowSettings }) {
  const { i18n } = useLinguiCore();
  return (
    <dl className={styles.facts}>
      <dt className={styles.factLabel}>
        <Trans>Weekdays</Trans>
      </dt>
      <dd className={styles.factValue}>
        {settings.weekdays.map((day) => weekdayName(day, i18n.locale, 'short')).join(', ')}
      </dd>
      <dt className={styles.factLabel}>
        <Trans>Start</Trans>
      </dt>
      <dd className={styles.factValue}>
        {settings.start} {settings.timezone.replaceAll('_', ' ')}
      </dd>
      <dt className={styles.factLabel}>
        <Trans>Duration</Trans>
      </dt>
      <dd className={styles.factValue}>{formatDuration(settings.duration_minutes)}</dd>
      <dt className={styles.factLabel}>
        <Trans>Reboot allowed</Trans>
      </dt>
      <dd className={styles.factValue}>{settings.reboot_allowed ? <Trans>Yes</Trans> : <Trans>No</Trans>}</dd>
      <dt className={styles.factLabel}>
        <Trans>Applies to</Trans>
      </dt>
      <dd className={styles.factValue}>{i18n._(APPLIES_TO[settings.applies_to])}</dd>
      <dt className={styles.factLabel}>
        <Trans>Email notice</Trans>
      </dt>
      <dd className={styles.factValue}>
        {settings.notice_minutes ? formatDuration(settings.notice_minutes) : <Trans>None</Trans>}
      </dd>
    </dl>
  );
}

function GroupCard({
  customerId,
  item,
  isStaff,
  proposals,
  onEdit,
}: {
  customerId: string;
  item: WindowConfiguration;
  isStaff: boolean;
  proposals: Proposal[];
  /** Absent for those who may neither set the window nor propose one. */
  onEdit?: () => void;
}) {
  const { t, i18n } = useLingui();
  const [showHistory, setShowHistory] = useState(false);
  const [answering, setAnswering] = useState<Proposal | null>(null);
  const resolve = useResolveProposal(customerId);
  const { group, settings, members } = item;
  return (
    <Card title={group.name} data-testid={`group-${group.name}`}>
      <div className={styles.stack}>
        {settings ? (
          <SettingsFacts settings={settings} />
        ) : (
          <p className={styles.muted}>
            <Trans>No window set yet.</Trans>
          </p>
        )}
        <p className={styles.muted}>
          <Trans>
            <Plural value={members.servers.length} one="# server" other="# servers" /> and{' '}
            <Plural value={members.clusters.length} one="# cluster" other="# clusters" />
          </Trans>
          {item.updated_at && (
            <>
              {' · '}
              <Trans>
                Version {item.version}, {formatDateTime(item.updated_at, i18n.locale)} by{' '}
                {item.updated_by?.name ?? t`staff`}
              </Trans>
            </>
          )}
        </p>
        {proposals.map((proposal) => (
          <div key={proposal.id} className={styles.stack}>
            <p className={styles.muted}>
              <StatusBadge tone={REQUEST_STATUS.pending.tone}>
                {i18n._(REQUEST_STATUS.pending.label)}
              </StatusBadge>{' '}
              <Trans>
                Proposed by {proposal.proposed_by?.name ?? '—'},{' '}
                {formatDateTime(proposal.proposed_at, i18n.locale)}
              </Trans>
              {proposal.note && `: ${proposal.note}`}
            </p>
            <SettingsFacts settings={proposal.settings} />
            {isStaff && (
              <div>
                <Button
                  size="sm"
                  icon={<Gavel size={14} aria-hidden="true" />}
                  onClick={() => setAnswering(proposal)}
                >
                  <Trans>Answer the proposal</Trans>
                </Button>
              </div>
            )}
          </div>
        ))}
        <div className={styles.cardActions}>
          {onEdit && (
            <Button variant="secondary" icon={<Pencil size={16} aria-hidden="true" />} onClick={onEdit}>
              {isStaff ? <Trans>Edit window</Trans> : <Trans>Propose a change</Trans>}
            </Button>
          )}
          {item.version > 0 && (
            <Button
              variant="ghost"
              icon={<History size={16} aria-hidden="true" />}
              aria-expanded={showHistory}
              onClick={() => setShowHistory(!showHistory)}
            >
              <Trans>History</Trans>
            </Button>
          )}
        </div>
        {showHistory && <VersionHistory customerId={customerId} tagId={group.id} />}
      </div>
      <ResolveDialog
        key={answering?.id ?? 'none'}
        open={answering !== null}
        title={<Trans>Answer the proposal for {group.name}</Trans>}
        description={answering?.note || undefined}
        pending={resolve.isPending}
        onClose={() => setAnswering(null)}
        onResolve={(decision, comment) => {
          if (!answering) return;
          resolve.mutate(
            { id: answering.id, decision, comment },
            {
              onSuccess: (done) => {
                notify.success(done.status === 'accepted' ? t`Proposal accepted` : t`Proposal rejected`);
                setAnswering(null);
              },
            },
          );
        }}
      />
    </Card>
  );
}

function VersionHistory({ customerId, tagId }: { customerId: string; tagId: string }) {
  const { t, i18n } = useLingui();
  const versions = useQuery(versionsQueryOptions(customerId, tagId));
  if (versions.isPending) return <LoadingState lines={2} />;
  if (versions.isError) return <FailedState inline title={t`Could not load the history`} query={versions} />;
  return (
    <ol className={styles.history} reversed>
      {versions.data.map((version) => (
        <li key={version.version}>
          <Trans>
            Version {version.version}: {version.settings.start} {version.settings.timezone},{' '}
            {formatDuration(version.settings.duration_minutes)}, by {version.changed_by?.name ?? '—'},{' '}
            {formatDateTime(version.changed_at, i18n.locale)}
          </Trans>
        </li>
      ))}
    </ol>
  );
}

function EditDialog({
  customerId,
  item,
  isStaff,
  onClose,
}: {
  customerId: string;
  item: WindowConfiguration | null;
  isStaff: boolean;
  onClose(): void;
}) {
  const { t } = useLingui();
  const configure = useConfigure(customerId);
  const propose = usePropose(customerId);
  return (
    <Dialog
      open={item !== null}
      onOpenChange={(open) => !open && onClose()}
      title={
        isStaff ? (
          <Trans>Window for {item?.group.name}</Trans>
        ) : (
          <Trans>Propose a window for {item?.group.name}</Trans>
        )
      }
      wide
    >
      {item && (
        <SettingsForm
          key={item.group.id}
          initial={item.settings ?? DEFAULT_SETTINGS(item.group.timezone)}
          withNote={!isStaff}
          submitLabel={isStaff ? <Trans>Save window</Trans> : <Trans>Send proposal</Trans>}
          pending={configure.isPending || propose.isPending}
          onCancel={onClose}
          onSubmit={async (settings, note) => {
            if (isStaff) {
              await configure.mutateAsync({ tagId: item.group.id, settings });
              notify.success(t`Window saved`);
            } else {
              await propose.mutateAsync({ tagId: item.group.id, settings, note });
              notify.success(t`Proposal sent`);
            }
            onClose();
          }}
        />
      )}
    </Dialog>
  );
}
