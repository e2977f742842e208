import { useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { api } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { switchSession } from '../../../lib/session';

/** Back to the admin's own session: the answer replaces the session (spec section 4). */
export function useStopImpersonation() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async () => {
      await queryClient.cancelQueries();
      return api.auth.stopImpersonating();
    },
    onError: () => notify.error(t`Error Stopping Impersonating`),
    onSuccess: async (session) => {
      switchSession(queryClient, session);
      notify.success(t`Stopped Impersonating`);
      await navigate({ to: '/admin/impersonate' });
    },
  });
}
