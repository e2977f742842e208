import { useLingui } from '@lingui/react/macro';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContactFields } from '@tidewatch/contract';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import { tagKeys } from '../../../lib/tags';
import { teamKeys } from './teams-query-options';

/** What the contact form sends: the contract's fields without tags (the team's page sets those). */
export type ContactInput = Omit<z.output<typeof ContactFields>, 'tags'>;

/**
 * A contact can be reached for several teams, and tags count their contacts: every team's
 * contact list and the tags list refresh.
 */
const refreshContacts = (queryClient: QueryClient, customerId: string) =>
  Promise.all([
    queryClient.invalidateQueries({
      queryKey: teamKeys.byCustomer(customerId),
      predicate: (query) => query.queryKey.at(-1) === 'contacts',
    }),
    queryClient.invalidateQueries({ queryKey: tagKeys.list(customerId) }),
  ]);

/** Adds a contact reached for the team (POST, linked to the team's tag). */
export function useAddTeamContact(customerId: string, teamName: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fields: ContactInput) =>
      api.contacts.create({
        params: { customer_id: customerId },
        body: { ...fields, phone: fields.phone ?? null, tags: [teamName] },
      }),
    onSuccess: () => refreshContacts(queryClient, customerId),
  });
}

/** Changes a contact's name, email, phone and kinds; its tags stay as they are (PATCH without tags). */
export function useUpdateContact(customerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ contactId, fields }: { contactId: string; fields: ContactInput }) =>
      api.contacts.update({
        params: { customer_id: customerId, contact_id: contactId },
        // An emptied phone field clears the number.
        body: { ...fields, phone: fields.phone ?? null },
      }),
    onSuccess: () => refreshContacts(queryClient, customerId),
  });
}

/** Deletes a contact: it goes from every team and tag it was reached for. */
export function useDeleteContact(customerId: string) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorMessage: t`Could not remove the contact` },
    mutationFn: (contactId: string) =>
      api.contacts.delete({ params: { customer_id: customerId, contact_id: contactId } }),
    onSuccess: () => refreshContacts(queryClient, customerId),
  });
}
