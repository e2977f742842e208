import { useEffect } from 'react';
import toast, { Toaster, useToasterStore } from 'react-hot-toast';
import { MAX_VISIBLE_TOASTS, TOAST_DURATION_MS } from '../lib/notify';

/** Toasts top-right, auto-hiding after 2000 ms; beyond 4 at once, the oldest go (spec section 9). */
export function AppToaster() {
  const { toasts } = useToasterStore();
  useEffect(() => {
    const visible = toasts.filter((item) => item.visible);
    for (const item of visible.slice(MAX_VISIBLE_TOASTS)) toast.dismiss(item.id);
  }, [toasts]);
  return (
    <Toaster
      position="top-right"
      toastOptions={{ duration: TOAST_DURATION_MS, style: { whiteSpace: 'pre-line', maxWidth: '380px' } }}
      containerStyle={{ top: 72 }}
    />
  );
}
