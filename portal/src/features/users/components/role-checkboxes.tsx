import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import type { Role } from '@tidewatch/domain';
import { Checkbox } from '@tidewatch/ui';
import { ROLE_LABELS } from './user-labels';
import * as styles from './users.css';

/** One box per role the caller may grant; none ticked is a plain user. */
export function RoleCheckboxes({
  grantable,
  value,
  onChange,
}: {
  grantable: readonly Role[];
  value: readonly Role[];
  onChange(roles: Role[]): void;
}) {
  const { i18n } = useLingui();
  return (
    <fieldset className={styles.roles}>
      <legend className={styles.legend}>
        <Trans>Roles</Trans>
      </legend>
      {grantable.map((role) => (
        <Checkbox
          key={role}
          label={i18n._(ROLE_LABELS[role])}
          checked={value.includes(role)}
          onChange={(event) =>
            onChange(event.target.checked ? [...value, role] : value.filter((held) => held !== role))
          }
        />
      ))}
      <span className={styles.muted}>
        <Trans>Without a role, a user sees and uses the portal but cannot manage users.</Trans>
      </span>
    </fieldset>
  );
}
