import { queryOptions } from '@tanstack/react-query';
import { api } from './api';

/** The IANA zones the server knows; the browser's own list if the server can't answer. */
export const timeZonesQueryOptions = () =>
  queryOptions({
    queryKey: ['time-zones'] as const,
    queryFn: ({ signal }) =>
      api.system.timezones({ signal }).catch(() => [...Intl.supportedValuesOf('timeZone'), 'UTC'].sort()),
    staleTime: Number.POSITIVE_INFINITY,
  });
