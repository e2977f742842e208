import { useLingui } from '@lingui/react/macro';
import { startRegistration } from '@simplewebauthn/browser';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { refusalText } from '../../../lib/refusals';

export const passkeyKeys = { list: ['account', 'passkeys'] as const };

/** Your passkeys, newest first. */
export const passkeysQueryOptions = () =>
  queryOptions({
    queryKey: passkeyKeys.list,
    queryFn: ({ signal }) => api.passkeys.list({ signal }).then((answer) => answer.data),
  });

/**
 * Adds a passkey: the server's options, the browser's ceremony (which throws when the person cancels
 * it: the caller decides what that shows), then the server's check; the answer carries recovery
 * codes for a first second factor.
 */
export async function addPasskey(name: string) {
  const optionsJSON = await api.passkeys.registrationOptions();
  const response = await startRegistration({ optionsJSON });
  return api.passkeys.register({ body: { name, response } });
}

/** Removes a passkey: it signs no one in from now on. A refusal (the last required factor) says why. */
export function useRemovePasskey() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.passkeys.remove({ params: { id } }),
    onError: (error) => notify.error(t`Could not remove the passkey`, refusalText(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeyKeys.list }),
  });
}
