import type { ErrorReport } from '@tidewatch/contract';
import { ApiError } from '@tidewatch/contract/client';
import { api } from './api';
import { useCustomerStore, useUserStore } from './stores';

function reportUser(): ErrorReport['user'] {
  const user = useUserStore.getState().user;
  if (!user) return null;
  return {
    name: user.username,
    email: user.email,
    roles: user.roles,
    company: useCustomerStore.getState().customer?.company_name,
  };
}

function send(report: ErrorReport) {
  // Reporting must never become a failure of its own: a failed report is only logged.
  api.reports.error({ body: report }).catch((error) => console.error('Could not report an error', error));
}

const base = () => ({
  time: new Date().toISOString(),
  app: 'portal',
  page: window.location.href,
  user: reportUser(),
});

export function reportUiError(error: unknown): void {
  const stack = error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : String(error);
  send({ ...base(), type: 'UI ERROR', stack: stack.slice(0, 8000) });
}

/** Failures of ours (5xx, or no answer at all); 4xx answers are expected outcomes, not errors. */
export function reportApiError(error: unknown, requestData?: unknown): void {
  if (!(error instanceof ApiError) || (error.status !== 0 && error.status < 500)) return;
  send({
    ...base(),
    type: 'API ERROR',
    error: {
      url: `${error.route.method} ${error.route.path}`,
      requestData,
      headers: {},
      status: error.status || null,
    },
  });
}
