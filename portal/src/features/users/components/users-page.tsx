import { useLingui as useLinguiCore } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { isStaffCustomer } from '@tidewatch/content/brand';
import type { UserListItem } from '@tidewatch/contract';
import { USER_STATUSES } from '@tidewatch/contract/vocabulary';
import { canManageUsersOf, grantableRoles, type RoleFlags } from '@tidewatch/domain';
import {
  Button,
  ConfirmDialog,
  EmptyState,
  type RowAction,
  RowActions,
  Select,
  StatusBadge,
  type StatusTone,
  type TableColumn,
  TextInput,
} from '@tidewatch/ui';
import { MailPlus, RotateCcw, Search, ShieldCheck, UserMinus, UserPlus, Users } from 'lucide-react';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { refusalText } from '../../../lib/refusals';
import { PagedTable } from '../../../shared/paged-table';
import { useUrlSearchText } from '../../../shared/url-search-text';
import { type People, userListQueryOptions, useUserAction } from '../api/users';
import { changeUserView, PAGE_SIZE, type UserListView, userQueryOf } from '../list-view';
import { InviteDialog } from './invite-dialog';
import { RolesDialog } from './roles-dialog';
import { ROLE_LABELS, STATUS_LABELS } from './user-labels';
import * as styles from './users.css';

const STATUS_TONES = { active: 'success', invited: 'info', deactivated: 'neutral' } as const satisfies Record<
  UserListItem['status'],
  StatusTone
>;

/**
 * A customer's people, searched and paged. `/customer/users` shows the directory (who, their roles,
 * last seen); `/customer/user-management` adds inviting, roles, deactivation and invitations;
 * `/admin/staff` is the same for staff, managed by masters.
 */
export function UsersPage({
  people,
  caller,
  manage,
  view,
  onViewChange,
}: {
  people: People;
  caller: RoleFlags & { id: string };
  manage: boolean;
  view: UserListView;
  onViewChange(view: UserListView, options?: { replace?: boolean }): void;
}) {
  const { t } = useLingui();
  const { i18n } = useLinguiCore();
  const query = userQueryOf(people.customerId, view);
  const list = useQuery(userListQueryOptions(people, query));
  const change = (next: Partial<UserListView>) => onViewChange(changeUserView(view, next), { replace: true });
  const staff = isStaffCustomer(people.customerId);
  const mayManage = manage && canManageUsersOf(caller, staff);
  const grantable = grantableRoles(caller, staff);

  const [text, setText] = useUrlSearchText(view.q, (q) => change({ q }));

  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<UserListItem | null>(null);
  const [deactivating, setDeactivating] = useState<UserListItem | null>(null);
  const deactivate = useUserAction(people, 'deactivate');
  const reactivate = useUserAction(people, 'reactivate');
  const resend = useUserAction(people, 'resendInvitation');

  const rolesOf = (user: UserListItem) =>
    user['user/roles'].length
      ? user['user/roles'].map((role) => i18n._(ROLE_LABELS[role])).join(', ')
      : t`User`;
  const seen = (user: UserListItem) =>
    user.last_seen ? formatDateTime(user.last_seen, i18n.locale) : t`Never`;
  const statusOf = (user: UserListItem) => {
    const expired = user.invitation_expires !== null && Date.parse(user.invitation_expires) < Date.now();
    const until = user.invitation_expires ? formatDateTime(user.invitation_expires, i18n.locale) : '';
    return (
      <span className={styles.person}>
        <StatusBadge tone={expired ? 'warning' : STATUS_TONES[user.status]}>
          {expired ? t`Invitation expired` : i18n._(STATUS_LABELS[user.status])}
        </StatusBadge>
        {user.status === 'invited' && until && !expired && (
          <span className={styles.muted}>
            <Trans>Link works until {until}</Trans>
          </span>
        )}
      </span>
    );
  };

  const actionsOf = (user: UserListItem): RowAction[] => {
    const name = user['user/name'];
    const actions: RowAction[] = [];
    if (user.status !== 'deactivated')
      actions.push({
        id: 'roles',
        label: <Trans>Roles</Trans>,
        name: t`Change the roles of ${name}`,
        icon: <ShieldCheck size={16} aria-hidden="true" />,
        onSelect: () => setEditing(user),
      });
    if (user.status === 'invited')
      actions.push({
        id: 'resend',
        label: <Trans>Resend invitation</Trans>,
        name: t`Resend the invitation to ${name}`,
        icon: <MailPlus size={16} aria-hidden="true" />,
        onSelect: () =>
          resend.mutate(user['user/id'], {
            onSuccess: () => notify.success(t`A new invitation is on its way to ${name}`),
            onError: (error) => notify.error(t`The invitation to ${name} was not sent`, refusalText(error)),
          }),
      });
    if (user.status === 'deactivated')
      actions.push({
        id: 'reactivate',
        label: <Trans>Reactivate</Trans>,
        name: t`Reactivate ${name}`,
        icon: <RotateCcw size={16} aria-hidden="true" />,
        onSelect: () =>
          reactivate.mutate(user['user/id'], {
            onSuccess: () => notify.success(t`${name} can sign in again`),
          }),
      });
    // A master never deactivates themselves (the server refuses it too).
    else if (!(staff && user['user/id'] === caller.id))
      actions.push({
        id: 'deactivate',
        label: <Trans>Deactivate</Trans>,
        name: t`Deactivate ${name}`,
        icon: <UserMinus size={16} aria-hidden="true" />,
        onSelect: () => setDeactivating(user),
      });
    return actions;
  };

  const columns: TableColumn<UserListItem>[] = [
    {
      id: 'name',
      header: t`Name`,
      rowHeader: true,
      cell: (user) => (
        <span className={styles.person}>
          <span>
            {user['user/name']}
            {user['user/id'] === caller.id && (
              <span className={styles.muted}>
                {' '}
                <Trans>(you)</Trans>
              </span>
            )}
          </span>
          <span className={styles.email}>{user['user/email']}</span>
        </span>
      ),
    },
    { id: 'roles', header: t`Roles`, cell: rolesOf },
    { id: 'status', header: t`Status`, cell: statusOf },
    { id: 'seen', header: t`Last seen`, cell: seen },
    ...(mayManage
      ? [
          {
            id: 'actions',
            header: t`Actions`,
            hideHeader: true,
            pinEnd: true,
            cell: (user: UserListItem) => (
              <RowActions label={t`Actions for ${user['user/name']}`} actions={actionsOf(user)} />
            ),
          },
        ]
      : []),
  ];

  const filtered = Boolean(view.q || view.status);
  const deactivatingName = deactivating?.['user/name'] ?? '';

  return (
    <div className={styles.stack}>
      <p className={styles.intro}>
        {people.staffRoutes ? (
          <Trans>
            Invite colleagues, choose their staff roles, resend invitations and deactivate colleagues who have
            left: deactivation signs them out at once. Only masters see this page.
          </Trans>
        ) : manage ? (
          <Trans>
            Invite people, choose who manages users, resend invitations and deactivate people who have left:
            deactivation signs them out at once.
          </Trans>
        ) : (
          <Trans>Who is in your company on the portal, their roles and when they were last seen.</Trans>
        )}
      </p>
      <div className={styles.toolbar}>
        <search aria-label={t`Search and filter users`} className={styles.filters}>
          <div className={styles.search}>
            <TextInput
              label={t`Search`}
              type="search"
              placeholder={t`Name or email`}
              prefix={<Search size={16} aria-hidden="true" />}
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
          </div>
          <Select
            label={<Trans>Status</Trans>}
            value={view.status ?? ''}
            onChange={(event) =>
              change({ status: (event.target.value || undefined) as UserListView['status'] })
            }
          >
            <option value="">{t`Every status`}</option>
            {USER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {i18n._(STATUS_LABELS[status])}
              </option>
            ))}
          </Select>
        </search>
        {mayManage ? (
          <Button icon={<UserPlus size={16} aria-hidden="true" />} onClick={() => setInviting(true)}>
            <Trans>Invite a user</Trans>
          </Button>
        ) : (
          !manage && (
            <Link to="/customer/user-management" search={{}}>
              <Trans>Manage users</Trans>
            </Link>
          )
        )}
      </div>
      <PagedTable
        label={manage ? t`User management` : t`Users`}
        columns={columns}
        rowKey={(user) => user['user/id']}
        list={list}
        query={query}
        failedTitle={t`Could not load the users`}
        pager={{ label: t`User pages`, view, onViewChange, pageSize: PAGE_SIZE }}
        empty={
          <EmptyState icon={<Users size={32} aria-hidden="true" />} title={<Trans>No users here</Trans>}>
            <p>
              {filtered ? (
                <Trans>Nobody matches this search or status.</Trans>
              ) : (
                <Trans>Invite the first person from user management.</Trans>
              )}
            </p>
          </EmptyState>
        }
      />
      {mayManage && (
        <>
          <InviteDialog people={people} grantable={grantable} open={inviting} onOpenChange={setInviting} />
          <RolesDialog
            people={people}
            grantable={grantable}
            user={editing}
            onClose={() => setEditing(null)}
          />
          <ConfirmDialog
            open={deactivating !== null}
            onOpenChange={(open) => !open && setDeactivating(null)}
            title={<Trans>Deactivate {deactivatingName}?</Trans>}
            description={
              <Trans>
                They are signed out everywhere at once and cannot sign in until someone reactivates them.
                Their history stays.
              </Trans>
            }
            confirmLabel={<Trans>Deactivate</Trans>}
            cancelLabel={<Trans>Cancel</Trans>}
            destructive
            pending={deactivate.isPending}
            onConfirm={() => {
              if (!deactivating) return;
              deactivate.mutate(deactivating['user/id'], {
                onSuccess: () => {
                  notify.success(t`${deactivatingName} is deactivated`);
                  setDeactivating(null);
                },
              });
            }}
          />
        </>
      )}
    </div>
  );
}
