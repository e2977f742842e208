import toast from 'react-hot-toast';

/** Toasts (spec section 9): top-right, auto-hide after 2000 ms; the toaster shows at most 4. */
export const TOAST_DURATION_MS = 2000;
export const MAX_VISIBLE_TOASTS = 4;

function text(title: string, message?: string) {
  return message ? `${title}\n${message}` : title;
}

export const notify = {
  info: (title: string, message?: string) => toast(text(title, message), { icon: 'ℹ️' }),
  success: (title: string, message?: string) => toast.success(text(title, message)),
  error: (title: string, message?: string) => toast.error(text(title, message)),
};
