import { Trans, useLingui } from '@lingui/react/macro';
import type { UserListItem } from '@tidewatch/contract';
import type { Role } from '@tidewatch/domain';
import { Button, Dialog } from '@tidewatch/ui';
import { useState } from 'react';
import { notify } from '../../../lib/notify';
import { type People, useChangeRoles } from '../api/users';
import { RoleCheckboxes } from './role-checkboxes';
import * as styles from './users.css';

/** Changes a user's roles within what the caller may grant. */
export function RolesDialog({
  people,
  grantable,
  user,
  onClose,
}: {
  people: People;
  grantable: readonly Role[];
  user: UserListItem | null;
  onClose(): void;
}) {
  const name = user?.['user/name'] ?? '';
  return (
    <Dialog
      open={user !== null}
      onOpenChange={(open) => !open && onClose()}
      title={<Trans>Roles of {name}</Trans>}
    >
      {user && (
        <RolesForm key={user['user/id']} people={people} grantable={grantable} user={user} onDone={onClose} />
      )}
    </Dialog>
  );
}

function RolesForm({
  people,
  grantable,
  user,
  onDone,
}: {
  people: People;
  grantable: readonly Role[];
  user: UserListItem;
  onDone(): void;
}) {
  const { t } = useLingui();
  const change = useChangeRoles(people);
  const [roles, setRoles] = useState<Role[]>(user['user/roles']);
  const name = user['user/name'];
  return (
    <form
      className={styles.form}
      onSubmit={(event) => {
        event.preventDefault();
        change.mutate(
          { id: user['user/id'], roles },
          {
            onSuccess: () => {
              notify.success(t`Roles of ${name} saved`);
              onDone();
            },
          },
        );
      }}
    >
      <RoleCheckboxes grantable={grantable} value={roles} onChange={setRoles} />
      <div className={styles.formActions}>
        <Button variant="secondary" onClick={onDone}>
          <Trans>Cancel</Trans>
        </Button>
        <Button type="submit" loading={change.isPending}>
          <Trans>Save roles</Trans>
        </Button>
      </div>
    </form>
  );
}
