import { useEffect, useState } from 'react';
import toast, { Toaster, useToasterStore } from 'react-hot-toast';
import { MAX_VISIBLE_TOASTS, TOAST_DURATION_MS } from '../lib/notify';

/** Below the sticky header: where toasts stand when nothing is in their way. */
const TOP = 72;
const GAP = 8;
const EDGE = 16;
const WIDTH = 380;
/** What a toast must never cover: the impersonation banner's action and a dialog's buttons. */
const KEEP_CLEAR = '[data-toasts-clear], [role="dialog"] button, [role="alertdialog"] button';

/**
 * The highest top, from the header down, at which a stack `height` tall covers nothing in
 * KEEP_CLEAR that shares its column; the header's edge when nothing fits on screen.
 */
function clearTop(height: number): number {
  const left = Math.max(EDGE, window.innerWidth - EDGE - WIDTH);
  const blocks = [...document.querySelectorAll(KEEP_CLEAR)]
    .map((element) => element.getBoundingClientRect())
    .filter((box) => box.height > 0 && box.left < window.innerWidth - EDGE && box.right > left);
  const candidates = [TOP, ...blocks.map((box) => box.bottom + GAP)]
    .filter((top) => top >= TOP)
    .sort((a, b) => a - b);
  const fits = (top: number) =>
    top + height <= window.innerHeight &&
    blocks.every((box) => box.bottom + GAP <= top || box.top - GAP >= top + height);
  return candidates.find(fits) ?? TOP;
}

/** Toasts top-right, auto-hiding after 2000 ms; beyond 4 at once, the oldest go (spec section 9). */
export function AppToaster() {
  const { toasts } = useToasterStore();
  const [top, setTop] = useState(TOP);
  const height = toasts
    .filter((item) => item.visible)
    .slice(0, MAX_VISIBLE_TOASTS)
    .reduce((sum, item) => sum + (item.height ?? 56) + GAP, 0);

  useEffect(() => {
    const visible = toasts.filter((item) => item.visible);
    for (const item of visible.slice(MAX_VISIBLE_TOASTS)) toast.dismiss(item.id);
  }, [toasts]);

  // Banners scroll and dialogs open and grow, so the place is measured again whenever the page changes.
  useEffect(() => {
    if (height === 0) return;
    let frame = 0;
    const measure = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setTop(clearTop(height)));
    };
    measure();
    const observer = new MutationObserver(measure);
    observer.observe(document.body, { childList: true, subtree: true });
    window.addEventListener('scroll', measure, true);
    window.addEventListener('resize', measure);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      window.removeEventListener('scroll', measure, true);
      window.removeEventListener('resize', measure);
    };
  }, [height]);

  return (
    <Toaster
      position="top-right"
      toastOptions={{
        duration: TOAST_DURATION_MS,
        style: { whiteSpace: 'pre-line', maxWidth: `${WIDTH}px` },
      }}
      containerStyle={{ top }}
    />
  );
}
