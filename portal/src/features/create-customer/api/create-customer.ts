import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateCustomerBody } from '@tidewatch/contract';
import { api } from '../../../lib/api';
import { customerKeys } from '../../../lib/customers';

/** Creates the customer and mails its first user; the customer lists (pickers, impersonation) then refresh. */
export function useCreateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCustomerBody) => api.customers.create({ body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerKeys.all }),
  });
}
