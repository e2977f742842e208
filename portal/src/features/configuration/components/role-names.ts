import { useLingui } from '@lingui/react';
import { localize, roleById } from '../role-form';

/** Role ids as their catalogue names in the reader's language, joined: "Nginx web server + Redis cache". */
export function useRoleNames() {
  const { i18n } = useLingui();
  return (ids: readonly string[]) =>
    ids
      .map((id) => {
        const role = roleById(id);
        return role ? localize(role.name, i18n.locale) : id;
      })
      .join(' + ');
}
