/** Set in sessionStorage only when the visitor closes the nudge, so it stays closed for the rest of the visit. */
export const NUDGE_DISMISSED_KEY = 'tidewatch-chat-nudge-dismissed';

/**
 * The nudge beside the chat bubble, loaded by the bubble's script when it is due, so that a page
 * carries none of it before (decision 0074) and it needs none of the widget's React (decision 0079):
 * shown unless the visitor closed it earlier in this visit. Its
 * text opens the chat; its cross, or Escape, closes it for the rest of the visit; it stays off the
 * page's forms.
 */
export function showNudge(nudge: HTMLElement, { bubble, open }: { bubble: HTMLElement; open: () => void }) {
  try {
    if (sessionStorage.getItem(NUDGE_DISMISSED_KEY) !== null) return;
  } catch {
    // Storage blocked by the browser: the nudge comes on each page, as before.
  }
  const dismiss = () => {
    const hadFocus = nudge.contains(document.activeElement);
    nudge.hidden = true;
    try {
      sessionStorage.setItem(NUDGE_DISMISSED_KEY, '1');
    } catch {
      // Storage blocked by the browser: closed on this page only.
    }
    if (hadFocus) bubble.focus();
  };
  nudge.querySelector('[data-chat-nudge-open]')?.addEventListener('click', open);
  nudge.querySelector('[data-chat-nudge-dismiss]')?.addEventListener('click', dismiss);
  nudge.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') dismiss();
  });
  // Shown once it is known to cover no form.
  nudge.style.visibility = 'hidden';
  nudge.hidden = false;
  keepOffForms(nudge);
}

/**
 * While any part of a form (its fields, its submit button) is under the nudge's box, the nudge is
 * hidden: on a phone a form spans the screen's width, so the nudge shows only above or below it.
 * Hidden with `visibility`, so it keeps the box it is measured by and leaves the tab order meanwhile.
 */
function keepOffForms(nudge: HTMLElement) {
  const corner = nudge.parentElement;
  // The chat's own forms are in its panel, beside the nudge.
  const forms = [...document.querySelectorAll('form')].filter((form) => !corner?.contains(form));
  if (forms.length === 0) {
    nudge.style.visibility = '';
    return;
  }
  let observer: IntersectionObserver | undefined;
  const watch = () => {
    observer?.disconnect();
    const box = nudge.getBoundingClientRect();
    const viewport = document.documentElement;
    // The viewport shrunk to the nudge's box: a form "in view" of it is a form under the nudge.
    const rootMargin = [
      box.top,
      viewport.clientWidth - box.right,
      viewport.clientHeight - box.bottom,
      box.left,
    ]
      .map((inset) => `${-Math.floor(inset)}px`)
      .join(' ');
    const covered = new Set<Element>();
    observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) covered.add(entry.target);
          else covered.delete(entry.target);
        }
        nudge.style.visibility = covered.size > 0 ? 'hidden' : '';
      },
      { rootMargin },
    );
    for (const form of forms) observer.observe(form);
  };
  watch();
  // The nudge's box moves with the window's size (a phone's toolbar, turning it).
  window.addEventListener('resize', watch, { passive: true });
}
