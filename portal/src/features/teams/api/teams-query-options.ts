import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const teamKeys = { byCustomer: (customerId: string) => ['teams', customerId] as const };

/** A customer's teams (spec section 7: teams info is fetched by customer id; each team's name is used). */
export const teamsQueryOptions = (customerId: string) =>
  queryOptions({
    queryKey: teamKeys.byCustomer(customerId),
    queryFn: ({ signal }) =>
      api.tags.teams({ params: { customer_id: customerId }, signal }).then((answer) => answer.data),
  });

export const teamPath = (name: string) => `/customer/teams/${encodeURIComponent(name)}`;
