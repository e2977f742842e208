import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { MailPreferences, SessionData } from '@tidewatch/contract';
import { activateLocale } from '@tidewatch/i18n';
import { api } from '../../../lib/api';
import { applySession, sessionKeys } from '../../../lib/session';

export const accountKeys = {
  sessions: ['account', 'sessions'] as const,
  mailPreferences: ['account', 'mail-preferences'] as const,
  secondFactors: ['account', 'second-factors'] as const,
};

export const activeSessionsQueryOptions = () =>
  queryOptions({ queryKey: accountKeys.sessions, queryFn: ({ signal }) => api.account.sessions({ signal }) });

/** Saves name or language; the session's copy of the user follows, and a new language applies at once. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: { name?: string; language?: 'en' | 'da' }) =>
      api.account.updateProfile({ body: update }),
    onSuccess: async (user) => {
      const session = queryClient.getQueryData<SessionData>(sessionKeys.current);
      if (session) {
        const next = { ...session, user };
        queryClient.setQueryData(sessionKeys.current, next);
        applySession(next);
      }
      await activateLocale(user['user/language']);
    },
  });
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string | 'others') =>
      id === 'others' ? api.account.endOtherSessions() : api.account.endSession({ params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions }),
  });
}

/** Two-factor changes alter the user record the session holds, and the second factors counted. */
export function useRefreshSession() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: sessionKeys.current }),
      queryClient.invalidateQueries({ queryKey: accountKeys.secondFactors }),
    ]);
}

export const secondFactorsQueryOptions = () =>
  queryOptions({
    queryKey: accountKeys.secondFactors,
    queryFn: ({ signal }) => api.account.secondFactors({ signal }),
  });

export const mailPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: accountKeys.mailPreferences,
    queryFn: ({ signal }) => api.account.mailPreferences({ signal }),
  });

/** Turns one or more kinds of mail on or off; the answer is every kind's state. */
export function useSetMailPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: Partial<MailPreferences>) => api.account.setMailPreferences({ body: change }),
    onSuccess: (preferences) => queryClient.setQueryData(accountKeys.mailPreferences, preferences),
  });
}
