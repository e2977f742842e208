/** Toasts (spec section 9): top-right, auto-hide after 2000 ms; the toaster shows at most 4. */
export const TOAST_DURATION_MS = 2000;
export const MAX_VISIBLE_TOASTS = 4;

function text(title: string, message?: string) {
  return message ? `${title}\n${message}` : title;
}

/** The toast library loads with the first toast, not with the first screen (decision 40). */
const withToast = (show: (toast: typeof import('react-hot-toast').default) => void) =>
  void import('react-hot-toast').then((library) => show(library.default));

export const notify = {
  info: (title: string, message?: string) => withToast((toast) => toast(text(title, message), { icon: 'ℹ️' })),
  success: (title: string, message?: string) => withToast((toast) => toast.success(text(title, message))),
  error: (title: string, message?: string) => withToast((toast) => toast.error(text(title, message))),
};
