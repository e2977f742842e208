/**
 * Keeps the chat nudge off the page's forms: while any part of a form (its fields, its submit
 * button) is under the nudge's box, the nudge is hidden. On a phone a form spans the screen's
 * width, so the nudge shows only above or below it (decision 0074). Hidden with `visibility`,
 * so the nudge keeps the box it is measured by and leaves the tab order while hidden.
 */
export function keepNudgeOffForms(nudge: HTMLElement): void {
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
