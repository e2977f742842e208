import { useSyncExternalStore } from 'react';

/** Toasts (spec section 9): top-right, auto-hide after 2000 ms; the toaster shows at most 4. */
export const TOAST_DURATION_MS = 2000;
export const MAX_VISIBLE_TOASTS = 4;

function text(title: string, message?: string) {
  return message ? `${title}\n${message}` : title;
}

// The toaster and its library load with the first toast, not with the first screen: most page
// views never show one. A toast raised while they load waits in the library's store.
let toasterWanted = false;
const listeners = new Set<() => void>();

function loadToast() {
  if (!toasterWanted) {
    toasterWanted = true;
    for (const listener of listeners) listener();
  }
  return import('react-hot-toast').then((module) => module.default);
}

/** Whether a toast has been raised yet, so the root mounts the toaster only then. */
export function useToasterWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => toasterWanted,
  );
}

export const notify = {
  info: (title: string, message?: string) =>
    void loadToast().then((toast) => toast(text(title, message), { icon: 'ℹ️' })),
  success: (title: string, message?: string) =>
    void loadToast().then((toast) => toast.success(text(title, message))),
  error: (title: string, message?: string) =>
    void loadToast().then((toast) => toast.error(text(title, message))),
};
