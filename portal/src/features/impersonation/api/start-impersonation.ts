import { useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { api } from '../../../lib/api';
import { billingQueryOptions } from '../../../lib/customers';
import { notify } from '../../../lib/notify';
import { refusalText } from '../../../lib/refusals';
import { switchSession } from '../../../lib/session';

/**
 * Starts acting as a customer user (spec section 4): pending requests are cancelled first; after
 * the start the user info is fetched again and the customer's billing loaded.
 */
export function useStartImpersonation() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async (input: { userId: string; reason: string }) => {
      await queryClient.cancelQueries();
      return api.auth.impersonate({ body: { 'user-id': input.userId, reason: input.reason } });
    },
    onError: (error) => notify.error(t`Impersonation Failed`, refusalText(error)),
    onSuccess: async () => {
      notify.success(t`Impersonation success`);
      try {
        // The user info again, now as the impersonated user; the admin's cached view goes.
        const session = await api.auth.session();
        switchSession(queryClient, session);
        await queryClient.fetchQuery(billingQueryOptions(session['customer/id']));
      } catch {
        notify.error(t`Error getting user info`);
      }
      await navigate({ to: '/user/servers' as never });
    },
  });
}
