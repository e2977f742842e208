import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { brand } from '@tidewatch/content/brand';
import type { ApiToken } from '@tidewatch/contract';
import { Button, EmptyState, RowActions, StatusBadge, Table, type TableColumn } from '@tidewatch/ui';
import { Info, KeySquare, Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { formatDateTime } from '../../../lib/format';
import { LoadingState, QueryState } from '../../../shared/query-state/query-state';
import { apiTokensQueryOptions } from '../api/api-tokens';
import { tokenExpiry } from '../expiry';
import * as styles from './api-tokens.css';
import { NewTokenDialog } from './new-token-dialog';
import { RevokeTokenDialog } from './revoke-token-dialog';
import { API_SCOPE_LABELS } from './scope-labels';

/**
 * Why this session cannot make a token, though it may list and revoke them: staff, and anyone
 * acting as a manager, since a token acts with its maker's own roles.
 */
export type CreateRefusal = 'staff' | 'impersonating';

/** The revoke dialog's token, kept while the dialog closes so its text stays put. */
interface Revoking {
  token: ApiToken | null;
  open: boolean;
}

/** /customer/api-tokens: the customer's API tokens, making one (shown once) and revoking them. */
export function ApiTokensPage({
  customerId,
  createRefusal,
}: {
  customerId: string;
  createRefusal: CreateRefusal | null;
}) {
  const { t, i18n } = useLingui();
  const list = useQuery(apiTokensQueryOptions(customerId));
  const [creating, setCreating] = useState({ open: false, round: 0 });
  const [revoking, setRevoking] = useState<Revoking>({ token: null, open: false });
  const refusalId = useId();
  const product = brand.product;
  const now = new Date();

  const createControl = (placement: 'toolbar' | 'empty') => (
    <div className={styles.createControl[placement]}>
      <Button
        icon={<Plus size={16} aria-hidden="true" />}
        disabled={createRefusal !== null}
        aria-describedby={createRefusal ? refusalId : undefined}
        onClick={() => setCreating((current) => ({ open: true, round: current.round + 1 }))}
      >
        <Trans>New token</Trans>
      </Button>
      {createRefusal && (
        <p id={refusalId} className={styles.note}>
          <Info size={16} aria-hidden="true" className={styles.noteIcon} />
          {createRefusal === 'staff' ? (
            <Trans>
              Staff can list and revoke a customer's tokens, not make them: a token acts with its maker's
              roles, so only the customer's managers make them, signed in as themselves.
            </Trans>
          ) : (
            <Trans>
              Not while impersonating: a token acts with its maker's roles, so only the manager makes one,
              signed in as themselves.
            </Trans>
          )}
        </p>
      )}
    </div>
  );

  const columns: TableColumn<ApiToken>[] = [
    {
      id: 'name',
      header: t`Name`,
      rowHeader: true,
      cell: (token) => <span className={styles.name}>{token.name}</span>,
    },
    {
      id: 'scopes',
      header: t`Scopes`,
      cell: (token) => (
        <ul className={styles.scopes} aria-label={t`Scopes of ${token.name}`}>
          {token.scopes.map((scope) => (
            <li key={scope} className={styles.scopeChip}>
              {i18n._(API_SCOPE_LABELS[scope].name)}
            </li>
          ))}
        </ul>
      ),
    },
    {
      id: 'created',
      header: t`Created`,
      cell: (token) => (
        <span className={styles.dated}>
          <time dateTime={token.created_at} className={styles.when}>
            {formatDateTime(token.created_at, i18n.locale)}
          </time>
          <span className={styles.muted}>
            {token.created_by ? <Trans>by {token.created_by}</Trans> : <Trans>by a user since removed</Trans>}
          </span>
        </span>
      ),
    },
    {
      id: 'expires_at',
      header: t`Expires`,
      cell: (token) => <TokenExpiry token={token} now={now} />,
    },
    {
      id: 'last_used',
      header: t`Last used`,
      cell: (token) =>
        token.last_used_at ? (
          <span className={styles.dated}>
            <time dateTime={token.last_used_at} className={styles.when}>
              {formatDateTime(token.last_used_at, i18n.locale)}
            </time>
            {token.last_used_ip && <span className={styles.address}>{token.last_used_ip}</span>}
          </span>
        ) : (
          <span className={styles.muted}>
            <Trans>Never</Trans>
          </span>
        ),
    },
    {
      id: 'actions',
      header: t`Actions`,
      hideHeader: true,
      pinEnd: true,
      cell: (token) => (
        <RowActions
          label={t`Actions for ${token.name}`}
          actions={[
            {
              id: 'revoke',
              label: <Trans>Revoke</Trans>,
              name: t`Revoke ${token.name}`,
              icon: <Trash2 size={14} aria-hidden="true" />,
              onSelect: () => setRevoking({ token, open: true }),
            },
          ]}
        />
      ),
    },
  ];

  return (
    <div className={styles.stack}>
      <div className={styles.toolbar}>
        <p className={styles.intro}>
          <Trans>
            API tokens let your own scripts and tools, such as a CI pipeline or an inventory, call the{' '}
            {product} API for your account. Each token can do only what its scopes allow, lasts at most a
            year, and every change made with it is in the activity under its name.
          </Trans>
        </p>
        {list.data && list.data.length > 0 && createControl('toolbar')}
      </div>
      <QueryState
        query={list}
        failed={t`Could not load the API tokens`}
        loading={<LoadingState lines={4} />}
        empty={
          <EmptyState
            icon={<KeySquare size={32} aria-hidden="true" />}
            title={<Trans>No API tokens yet</Trans>}
          >
            <p>
              <Trans>
                Make one to let a script or tool of yours read your servers and invoices, propose service
                windows and more, with only the scopes you choose.
              </Trans>
            </p>
            {createControl('empty')}
          </EmptyState>
        }
      >
        {(tokens) => (
          <Table label={t`API tokens`} columns={columns} rows={tokens} rowKey={(token) => token.id} />
        )}
      </QueryState>
      <NewTokenDialog
        key={creating.round}
        customerId={customerId}
        open={creating.open}
        onOpenChange={(open) => setCreating((current) => ({ ...current, open }))}
      />
      <RevokeTokenDialog
        customerId={customerId}
        token={revoking.token}
        open={revoking.open}
        onClose={() => setRevoking((current) => ({ ...current, open: false }))}
      />
    </div>
  );
}

/** A token's end: the date, and in words when it is past or within the week before. */
function TokenExpiry({ token, now }: { token: ApiToken; now: Date }) {
  const { i18n } = useLingui();
  const expiry = tokenExpiry(token.expires_at, now);
  return (
    <span className={styles.dated}>
      <time dateTime={token.expires_at} className={styles.when}>
        {formatDateTime(token.expires_at, i18n.locale)}
      </time>
      {expiry.kind === 'expired' && (
        <StatusBadge tone="danger">
          <Trans>Expired</Trans>
        </StatusBadge>
      )}
      {expiry.kind === 'soon' && (
        <StatusBadge tone="warning">
          <Plural value={expiry.days} one="Expires in # day" other="Expires in # days" />
        </StatusBadge>
      )}
    </span>
  );
}
